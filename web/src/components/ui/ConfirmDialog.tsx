import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { Button, type ButtonVariant } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';

/** One line of what an action moves: 'You pay' → '1,234 coins'. */
export interface ConfirmMove {
  label: string;
  value: ReactNode;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** What changes hands, as label/value rows under the description. */
  moves?: readonly ConfirmMove[];
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The label of the button that keeps things as they are. */
  cancelLabel?: string;
  busy?: boolean;
  /** Keeps the confirm button disabled (the action cannot be afforded); children say why. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to ask before confirming (an optional reason), under the moves. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone (a purchase, a trade, an admin's change to someone's
 * money or account) and says what it moves. An alertdialog: Cancel, the first button, takes the focus.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  moves = [],
  confirmLabel,
  confirmVariant = 'primary',
  cancelLabel = 'Cancel',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          role="alertdialog"
          className={cn(
            'fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-1/2 overflow-y-auto',
            'rounded-2xl border border-white/10 bg-slate-900 p-5 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="text-lg font-bold break-words text-slate-50">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-300">{description}</Dialog.Description>
          {moves.length > 0 && (
            <dl className="mt-3 flex flex-col gap-1.5 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5 text-sm">
              {moves.map((move) => (
                <div key={move.label} className="flex items-start justify-between gap-3">
                  <dt className="shrink-0 text-slate-400">{move.label}</dt>
                  <dd className="min-w-0 text-right font-semibold break-words text-slate-100">
                    {move.value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {children}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button variant={confirmVariant} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
