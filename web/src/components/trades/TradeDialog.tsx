import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';

export interface TradeDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** Body; unmounted while closed, so its state starts fresh every time the dialog opens. */
  children: ReactNode;
  className?: string;
}

/** A modal sheet of the trade screens: title, description, close button and scrolling body. */
export function TradeDialog({ open, onClose, title, description, children, className }: TradeDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-[51] flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-1/2 flex-col',
            'rounded-3xl border border-white/10 bg-slate-900 shadow-2xl shadow-black/60 focus:outline-none',
            className,
          )}
        >
          <div className="flex items-start gap-3 border-b border-white/5 px-5 pt-5 pb-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Dialog.Title className="font-display text-2xl leading-none font-extrabold tracking-tight text-white">
                {title}
              </Dialog.Title>
              <Dialog.Description className="text-xs text-slate-400">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-slate-400 transition-colors hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
