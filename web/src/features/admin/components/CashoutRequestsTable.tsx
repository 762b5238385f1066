import { AlertTriangle } from 'lucide-react';

import type { AdminCashoutRequest, CashoutStatus } from '@touchline/contract';
import { formatNumber } from '@/lib/format';

import { actionsFor, formatCash, formatDateTime, requesterLabel, type CashoutAction } from '../utils';
import { ActionMenu } from './ActionMenu';
import { TestPaymentBadge } from './TestPaymentBadge';

export interface CashoutRequestsTableProps {
  status: CashoutStatus;
  requests: readonly AdminCashoutRequest[];
  onAction: (request: AdminCashoutRequest, action: CashoutAction) => void;
  onDetails: (request: AdminCashoutRequest) => void;
}

const cell = 'px-3 py-2 whitespace-nowrap';

/**
 * Pending and processing: Request ID, User, Date, Coins, Cash Amount, PayPal Email, Actions.
 * Completed and rejected: Request ID, User, Created, Processed (or Rejected), Coins, Cash Amount, PayPal Email.
 */
export function CashoutRequestsTable({ status, requests, onAction, onDetails }: CashoutRequestsTableProps) {
  const open = status === 'pending' || status === 'processing';
  const headers = open
    ? ['Request ID', 'User', 'Date', 'Coins', 'Cash Amount', 'PayPal Email', 'Actions']
    : [
        'Request ID',
        'User',
        'Created',
        status === 'rejected' ? 'Rejected' : 'Processed',
        'Coins',
        'Cash Amount',
        'PayPal Email',
      ];
  return (
    <div className="overflow-x-auto rounded-xl border border-white/5">
      <table aria-label={`${status} cashout requests`} className="w-full text-left text-xs text-slate-200">
        <thead className="bg-slate-900 text-slate-400">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id} data-testid={`cashout-${request.id}`} className="border-t border-white/5">
              <td className={cell}>
                {open ? (
                  `#${request.id}`
                ) : (
                  // A finished request has no actions (the spec), but its details and history stay readable.
                  <button
                    type="button"
                    onClick={() => onDetails(request)}
                    aria-label={`Request #${request.id} details`}
                    className="font-semibold text-emerald-300 underline underline-offset-2"
                  >
                    #{request.id}
                  </button>
                )}
              </td>
              <td className={cell}>
                <span className="inline-flex items-center gap-1">
                  {request.user ? (
                    <span className="flex flex-col">
                      <span className="font-semibold text-slate-100">{request.user.username}</span>
                      <span className="text-slate-400">{request.user.email}</span>
                    </span>
                  ) : (
                    requesterLabel(request)
                  )}
                  {request.requester?.flagged && (
                    <AlertTriangle role="img" aria-label="Flagged" className="size-3.5 text-amber-400" />
                  )}
                </span>
              </td>
              <td className={cell}>{formatDateTime(request.createdAt)}</td>
              {!open && (
                <td className={cell}>
                  {formatDateTime(request.processedAt)}
                  {/* The spec fixes the columns: a rejection's reason goes under its date. */}
                  {request.reason && (
                    <span className="block max-w-56 truncate text-slate-400" title={request.reason}>
                      {request.reason}
                    </span>
                  )}
                  {request.paypalTransactionId && (
                    <span className="block font-mono text-slate-400">
                      PayPal {request.paypalTransactionId}
                    </span>
                  )}
                </td>
              )}
              <td className={cell}>{formatNumber(request.coinsAmount)}</td>
              <td className={cell}>
                <span className="inline-flex items-center gap-1">
                  <span>{formatCash(request.cashAmount)}</span>
                  {request.test && <TestPaymentBadge />}
                </span>
              </td>
              <td className={cell}>{request.paypalEmail}</td>
              {open && (
                <td className={cell}>
                  <ActionMenu
                    label="Manage Request"
                    items={[
                      ...actionsFor(request.status).map((action) => ({
                        label: action.label,
                        danger: action.to === 'rejected',
                        onSelect: () => onAction(request, action),
                      })),
                      { label: 'View Details', onSelect: () => onDetails(request) },
                    ]}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
