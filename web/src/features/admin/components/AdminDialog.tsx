import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';

/** A read-only admin dialog: a title, its content and Close. */
export function AdminDialog({
  title,
  open,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Holds a table: as wide as its columns need on a desktop (from 1024 px), phone width below. */
  wide?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className={cn(
            'fixed top-1/2 left-1/2 z-[51] flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-1/2 flex-col gap-3 overflow-y-auto',
            wide && 'lg:w-auto lg:max-w-[min(64rem,calc(100%-4rem))] lg:min-w-md',
            'rounded-2xl border border-white/10 bg-slate-900 p-5 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="text-lg font-bold text-slate-50">{title}</Dialog.Title>
          {children}
          <div className="flex justify-end">
            <Button variant="outline" size="sm" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
