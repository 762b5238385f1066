import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

export interface SearchableComboboxProps<T> {
  /** Every item that can be chosen (before the search filters them). */
  items: T[];
  /** The state of the query the items come from: a spinner while pending, an alert on error. */
  status?: { isPending: boolean; isError: boolean; error: unknown };
  getKey: (item: T) => string | number;
  /** Text of an item, shown in its option. */
  getLabel: (item: T) => string;
  /** Whether the search text (trimmed, lower-cased; never empty) matches an item; by default its label. */
  matches?: (item: T, needle: string) => boolean;
  /** Shown before the label of an option (a logo, an avatar). */
  renderItem?: (item: T) => ReactNode;
  /** Whether an item is the current choice (it gets aria-selected and a check). */
  isSelected: (item: T) => boolean;
  onSelect: (item: T) => void;
  /** Text of the current choice in the trigger; empty when nothing is chosen. */
  selectedLabel?: string;
  /** Shown before `selectedLabel` in the trigger. */
  selectedIcon?: ReactNode;
  /** Shown at the start of the trigger, chosen or not. */
  leadingIcon?: ReactNode;
  /** Trigger text when nothing is chosen. */
  placeholder: string;
  /** Placeholder and accessible name of the search input. */
  searchPlaceholder: string;
  /** Shown when no item matches the search. */
  emptyText: string;
  /** Accessible name of the listbox. */
  listLabel: string;
  /** Id of the visible label of the combobox. */
  labelId: string;
  /** Shows a spinner in the trigger (and aria-busy) while a choice is being saved. */
  busy?: boolean;
}

/** A searchable combobox in a popover: a trigger with role combobox, a search input and a keyboard-navigable listbox. */
export function SearchableCombobox<T>({
  items,
  status,
  getKey,
  getLabel,
  matches = (item, needle) => getLabel(item).toLowerCase().includes(needle),
  renderItem,
  isSelected,
  onSelect,
  selectedLabel,
  selectedIcon,
  leadingIcon,
  placeholder,
  searchPlaceholder,
  emptyText,
  listLabel,
  labelId,
  busy,
}: SearchableComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const needle = query.trim().toLowerCase();
  const options = items.filter((item) => !needle || matches(item, needle));
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(0);
    }
  }

  function choose(item: T) {
    setOpen(false);
    onSelect(item);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(Math.min(options.length - 1, activeIndex + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(0, activeIndex - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = options[activeIndex];
      if (item !== undefined) choose(item);
    }
  }

  const optionId = (item: T) => `${listId}-${getKey(item)}`;
  const activeOption = options[activeIndex];

  return (
    <Popover.Root open={open} onOpenChange={handleOpenChange}>
      <Popover.Trigger
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-busy={busy || undefined}
        className={cn(
          'flex h-12 w-full items-center gap-3 rounded-xl border border-slate-700/80 bg-slate-900/80 px-3 text-left text-sm',
          'transition-colors hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        )}
      >
        {leadingIcon}
        {selectedLabel ? (
          <>
            {selectedIcon}
            <span className="min-w-0 flex-1 truncate font-semibold text-slate-100">{selectedLabel}</span>
          </>
        ) : (
          <span className="min-w-0 flex-1 truncate text-slate-400">{placeholder}</span>
        )}
        {busy ? (
          <Spinner size="sm" label={null} className="text-emerald-400" />
        ) : (
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-slate-400" />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 flex w-(--radix-popover-trigger-width) flex-col overflow-hidden rounded-xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50"
        >
          <div className="relative border-b border-white/5">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              autoFocus
              type="text"
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              aria-controls={listId}
              aria-activedescendant={activeOption !== undefined ? optionId(activeOption) : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={handleKeyDown}
              className="h-11 w-full bg-transparent pr-3 pl-9 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-none"
            />
          </div>
          {status?.isPending ? (
            <div className="flex justify-center py-6 text-emerald-400">
              <Spinner />
            </div>
          ) : status?.isError ? (
            <Alert className="m-2">{errorMessage(status.error)}</Alert>
          ) : options.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-400">{emptyText}</p>
          ) : (
            <ul id={listId} role="listbox" aria-label={listLabel} className="max-h-64 overflow-y-auto p-1">
              {options.map((item, index) => {
                const selected = isSelected(item);
                return (
                  <li
                    key={getKey(item)}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    onClick={() => choose(item)}
                    onMouseMove={() => setActive(index)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 text-sm',
                      index === activeIndex ? 'bg-slate-800 text-white' : 'text-slate-200',
                    )}
                  >
                    {renderItem?.(item)}
                    <span className="min-w-0 flex-1 truncate">{getLabel(item)}</span>
                    {selected && <Check aria-hidden className="size-4 text-emerald-400" />}
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
