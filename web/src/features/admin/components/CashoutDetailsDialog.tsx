import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import type { AdminCashoutRequest, CashoutStatus } from '@touchline/contract';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import {
  actionsFor,
  formatCash,
  formatDateTime,
  paypalMemo,
  requesterLabel,
  type CashoutAction,
} from '../utils';
import { FraudFlagsPanel } from './FraudFlagsPanel';
import { TestPaymentBadge } from './TestPaymentBadge';
import { useReturnFocus } from '@/lib/use-return-focus';

const statusIcon: Record<CashoutStatus, ReactNode> = {
  pending: <Clock aria-hidden className="size-4 text-amber-400" />,
  processing: <Loader2 aria-hidden className="size-4 text-sky-400" />,
  completed: <CheckCircle2 aria-hidden className="size-4 text-emerald-400" />,
  rejected: <XCircle aria-hidden className="size-4 text-rose-400" />,
};

export interface CashoutDetailsDialogProps {
  request: AdminCashoutRequest | null;
  onAction: (request: AdminCashoutRequest, action: CashoutAction) => void;
  onClose: () => void;
}

/** 'Cashout Request Details': the request, what to send where, and the requester's fraud flags. */
export function CashoutDetailsDialog({ request, onAction, onClose }: CashoutDetailsDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-1/2 overflow-y-auto',
            'rounded-2xl border border-white/10 bg-slate-900 p-5 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="text-lg font-bold text-slate-50">Cashout Request Details</Dialog.Title>
          {request && <Details request={request} onAction={onAction} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Details({
  request,
  onAction,
  onClose,
}: { request: AdminCashoutRequest } & Omit<CashoutDetailsDialogProps, 'request'>) {
  const rows: [string, ReactNode][] = [
    [
      'Status',
      <span key="status" className="inline-flex items-center gap-1.5 capitalize">
        {statusIcon[request.status]}
        {request.status}
      </span>,
    ],
    ['Created', formatDateTime(request.createdAt)],
    ['User', requesterLabel(request)],
    ['PayPal Email', request.paypalEmail],
    ['Coins', formatNumber(request.coinsAmount)],
    ['Cash Amount', formatCash(request.cashAmount)],
  ];
  if (request.test) rows.push(['Backed by', <TestPaymentBadge key="test" />]);
  if (request.processedAt) rows.push(['Processed', formatDateTime(request.processedAt)]);
  if (request.reason) rows.push(['Reason', request.reason]);
  if (request.paypalTransactionId)
    rows.push([
      'PayPal Transaction',
      <span key="txn" className="font-mono">
        {request.paypalTransactionId}
      </span>,
    ]);
  const actions = actionsFor(request.status);
  return (
    <Dialog.Description asChild>
      <div className="mt-3 flex flex-col gap-3 text-sm text-slate-300">
        {/* minmax(0, 1fr) and anywhere-wrapping: a long e-mail wraps instead of widening the dialog at 390 px. */}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-400">{label}</dt>
              <dd className="min-w-0 text-slate-100 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        {request.test && (
          <p
            role="alert"
            className="rounded-xl border border-fuchsia-500/30 bg-fuchsia-500/10 p-3 text-xs text-fuchsia-100"
          >
            Test cashout: requested where payments run in test mode. No real money was paid in for it.
          </p>
        )}
        {actions.length > 0 && (
          <p
            role="note"
            className="rounded-xl border border-sky-500/30 bg-sky-500/10 p-3 text-xs text-sky-100 [overflow-wrap:anywhere]"
          >
            Send {formatCash(request.cashAmount)} to {request.paypalEmail} via PayPal with the memo “
            {paypalMemo(request)}”.
          </p>
        )}
        <CashoutHistory request={request} />
        <FraudFlagsPanel report={request.requester} />
        <div className="flex flex-wrap justify-end gap-2">
          {actions.map((action) => (
            <Button
              key={action.to}
              variant={action.to === 'rejected' ? 'danger' : 'primary'}
              size="sm"
              onClick={() => onAction(request, action)}
            >
              {action.label}
            </Button>
          ))}
          <Button variant="outline" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog.Description>
  );
}

const HISTORY_VERBS: Record<CashoutStatus, string> = {
  pending: 'Requested',
  processing: 'Processing started',
  completed: 'Marked completed',
  rejected: 'Rejected',
};

/** The request's history: when it was made, then each admin's move (with the PayPal id or the reason). */
function CashoutHistory({ request }: { request: AdminCashoutRequest }) {
  return (
    <section aria-label="Request history" className="flex flex-col gap-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">History</h3>
      <ol className="flex flex-col gap-1 text-xs">
        <li>
          <span className="text-slate-400">{formatDateTime(request.createdAt)}</span> · Requested by{' '}
          {requesterLabel(request)}
        </li>
        {request.history.map((event) => (
          <li key={`${event.status}-${event.at}`} className="[overflow-wrap:anywhere]">
            <span className="text-slate-400">{formatDateTime(event.at)}</span> · {HISTORY_VERBS[event.status]}{' '}
            by admin #{event.actorUserId}
            {event.paypalTransactionId && (
              <>
                {' '}
                · PayPal transaction <span className="font-mono">{event.paypalTransactionId}</span>
              </>
            )}
            {event.reason && <> · Reason: {event.reason}</>}
          </li>
        ))}
      </ol>
    </section>
  );
}
