import * as Popover from '@radix-ui/react-popover';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/Button';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** A row's actions: a labelled button opening a small menu ('Manage Request', 'Manage User'). */
export function ActionMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={label}>
          <MoreHorizontal aria-hidden className="size-4" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-44 rounded-xl border border-white/10 bg-slate-900 p-1 shadow-xl"
        >
          <div role="menu" aria-label={label}>
            <p className="px-3 py-1.5 text-xs font-semibold text-slate-400">{label}</p>
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                className={
                  item.danger
                    ? 'block w-full rounded-lg px-3 py-2 text-left text-sm text-rose-300 hover:bg-slate-800'
                    : 'block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-100 hover:bg-slate-800'
                }
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
