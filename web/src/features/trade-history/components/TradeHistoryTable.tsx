import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';

import { Skeleton } from '@/components/ui/Skeleton';
import { RarityBadge } from '@/features/cards/components/RarityBadge';
import { CoinAmount } from '@/features/market/components/CoinAmount';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

import type { TradeRecord } from '../types';
import { formatTradeDate, profitLossCell, tradeTypeLabel } from '../utils';

export interface TradeHistoryTableProps {
  query: UseQueryResult<TradeRecord[]>;
  /** The signed-in user: their side of a trade gets a 'You' badge, their sales a P/L. */
  userId: number | undefined;
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
}

/** The transactions as a table: Date, Player, ID, Type, Seller, Buyer, Price, P/L. */
export function TradeHistoryTable({ query, userId, emptyText, label }: TradeHistoryTableProps) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading trade history" className="flex flex-col gap-2">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-10" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-400"
      >
        {`Error loading trade history: ${errorMessage(query.error)}`}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-700/80 bg-slate-900/40 px-6 py-10 text-center">
        <History aria-hidden className="size-6 text-slate-500" />
        <p className="text-sm font-semibold text-slate-300">{emptyText}</p>
      </div>
    );
  }

  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table
        aria-label={label}
        className="w-full min-w-[40rem] overflow-hidden rounded-2xl text-left text-xs whitespace-nowrap"
      >
        <thead className="bg-slate-900 text-[10px] tracking-wide text-slate-400 uppercase">
          <tr>
            {['Date', 'Player', 'ID', 'Type', 'Seller', 'Buyer', 'Price', 'P/L'].map((column) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-2 py-2.5 font-semibold first:pl-3 last:pr-3',
                  (column === 'Price' || column === 'P/L') && 'text-right',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 bg-slate-900/60">
          {query.data.map((record) => {
            const profitLoss = profitLossCell(record, userId);
            return (
              <tr key={record.id} data-testid={`trade-${record.id}`}>
                <td className="py-2 pr-2 pl-3 text-slate-400 tabular-nums">
                  {formatTradeDate(record.createdAt)}
                </td>
                <td className="px-2 py-2">
                  <span className="inline-flex items-center gap-1.5">
                    <span className="font-semibold text-slate-100">{record.playerName}</span>
                    <RarityBadge rarity={record.rarity} size="short" />
                  </span>
                </td>
                <td className="px-2 py-2 text-slate-400 tabular-nums">{`#${record.playerId}`}</td>
                <td className="px-2 py-2 text-slate-300">{tradeTypeLabel(record.tradeType)}</td>
                <td className="px-2 py-2">
                  <Party id={record.sellerUserId} userId={userId} />
                </td>
                <td className="px-2 py-2">
                  <Party id={record.buyerUserId} userId={userId} />
                </td>
                <td className="px-2 py-2 text-right">
                  <CoinAmount value={record.salePrice} />
                </td>
                <td className="py-2 pr-3 pl-2 text-right font-bold tabular-nums">
                  {profitLoss ? (
                    <span
                      data-trend={profitLoss.trend}
                      className={profitLoss.trend === 'up' ? 'text-emerald-400' : 'text-rose-400'}
                    >
                      {profitLoss.text}
                    </span>
                  ) : (
                    <span className="text-slate-500">-</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A seller or buyer: 'Market' for 0, else '#id' with a 'You' badge for the signed-in user. */
function Party({ id, userId }: { id: number; userId: number | undefined }) {
  if (id === 0) return <span className="font-semibold text-amber-300">Market</span>;
  return (
    <span className="inline-flex items-center gap-1 text-slate-300 tabular-nums">
      {`#${id}`}
      {id === userId && (
        <span className="rounded-full bg-emerald-500/15 px-1.5 py-0.5 text-[10px] font-bold text-emerald-300">
          You
        </span>
      )}
    </span>
  );
}
