import { History } from 'lucide-react';

import type { CashoutRequest } from '@touchline/contract';

import { QueryError } from '@/components/QueryError';
import { CoinAmount } from '@/components/CoinAmount';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { useMyCashouts } from '@/lib/data/cashout';

import { formatCashoutDate, formatDollars, STATUS_MEANING } from '../utils';

const STATUS_STYLE: Record<CashoutRequest['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-300',
  processing: 'bg-sky-400/15 text-sky-300',
  completed: 'bg-emerald-400/15 text-emerald-300',
  rejected: 'bg-rose-400/15 text-rose-300',
};

/** Request History: the user's requests, newest first, with status and dates. */
export function CashoutHistory() {
  const requests = useMyCashouts();

  if (requests.isPending) {
    return (
      <div role="status" aria-label="Loading cashout requests" className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-24 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (requests.isError) {
    return (
      <QueryError
        error={requests.error}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No cashout requests yet"
        description="Your cashout requests will appear here."
      />
    );
  }
  return (
    <ul aria-label="Cashout requests" className="flex flex-col gap-2">
      {requests.data.map((request) => (
        <li
          key={request.id}
          aria-label={`Cashout request ${request.id}`}
          className="flex flex-col gap-2 rounded-2xl border border-white/5 bg-slate-900/80 p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="text-lg font-bold text-emerald-300 tabular-nums">
              {formatDollars(request.cashAmount)}
            </span>
            <span
              data-testid="cashout-status"
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
                STATUS_STYLE[request.status],
              )}
            >
              {request.status}
            </span>
          </div>
          <p className="text-xs text-slate-400">{STATUS_MEANING[request.status]}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-400">Coins</dt>
            <dd>
              <CoinAmount value={request.coinsAmount} />
            </dd>
            <dt className="text-slate-400">PayPal</dt>
            <dd className="truncate text-slate-200">{request.paypalEmail}</dd>
            <dt className="text-slate-400">Requested</dt>
            <dd className="text-slate-200">{formatCashoutDate(request.createdAt)}</dd>
            {request.processedAt && (
              <>
                <dt className="text-slate-400">Processed</dt>
                <dd className="text-slate-200">{formatCashoutDate(request.processedAt)}</dd>
              </>
            )}
            {request.reason && (
              <>
                <dt className="text-slate-400">Reason</dt>
                <dd className="break-words text-slate-200">{request.reason}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
