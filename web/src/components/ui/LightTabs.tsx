import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

import { tabsContentClass, tabsListClass, tabsTriggerClass } from './tab-styles';

export interface LightTab<T extends string> {
  value: T;
  label: ReactNode;
  content: ReactNode;
}

export interface LightTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  value: T;
  onValueChange(value: T): void;
  tabs: LightTab<T>[];
  panelClassName?: string;
}

const STEP: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Controlled tabs with the WAI-ARIA tabs pattern of Radix Tabs (roving focus, arrow keys, Home/End,
 * a tab selected as the keys focus it, a click on the selected tab changing nothing, every panel in the DOM and the inactive ones hidden and empty),
 * the same look and no dependency: the first screen (/auth) loads them instead of Radix's
 * collection and roving-focus code.
 */
export function LightTabs<T extends string>({
  label,
  value,
  onValueChange,
  tabs,
  panelClassName,
}: LightTabsProps<T>) {
  const base = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const triggerId = (tab: T) => `${base}-trigger-${tab}`;
  const panelId = (tab: T) => `${base}-content-${tab}`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, tabs.length);
    triggers.current[next]?.focus();
    if (tabs[next]!.value !== value) onValueChange(tabs[next]!.value);
  };

  return (
    <div data-orientation="horizontal">
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={tabsListClass}>
        {tabs.map((tab, index) => {
          const active = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(node) => {
                triggers.current[index] = node;
              }}
              type="button"
              role="tab"
              id={triggerId(tab.value)}
              aria-controls={panelId(tab.value)}
              aria-selected={active}
              data-state={active ? 'active' : 'inactive'}
              tabIndex={active ? 0 : -1}
              className={tabsTriggerClass}
              onClick={() => {
                if (!active) onValueChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const active = tab.value === value;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={triggerId(tab.value)}
            data-state={active ? 'active' : 'inactive'}
            hidden={!active}
            tabIndex={0}
            className={cn(tabsContentClass, panelClassName)}
          >
            {active && tab.content}
          </div>
        );
      })}
    </div>
  );
}
