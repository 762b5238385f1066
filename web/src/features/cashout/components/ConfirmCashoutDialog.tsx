import * as Dialog from '@radix-ui/react-dialog';

import { Button } from '@/components/ui/Button';
import { formatNumber } from '@/lib/format';

import { formatDollars } from '../utils';
import { useReturnFocus } from '@/lib/use-return-focus';

export interface ConfirmCashoutDialogProps {
  open: boolean;
  coins: number;
  cash: number;
  paypalEmail: string;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Confirm Cashout Request' with Cancel and 'Confirm Cashout' (docs/spec/economy-admin-spec.md, Cash Out page). */
export function ConfirmCashoutDialog({
  open,
  coins,
  cash,
  paypalEmail,
  submitting,
  onCancel,
  onConfirm,
}: ConfirmCashoutDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !submitting) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-[51] flex w-[calc(100%-2rem)] max-w-sm -translate-1/2 flex-col gap-4 rounded-3xl border border-white/10 bg-slate-900 p-5 shadow-2xl shadow-black/60 focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-slate-50">Confirm Cashout Request</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-300">
            You are about to cash out {formatNumber(coins)} coins for {formatDollars(cash)} to {paypalEmail}.
            The coins are deducted from your balance now; processing takes 1-3 business days.
          </Dialog.Description>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
            <Button onClick={onConfirm} loading={submitting}>
              Confirm Cashout
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
