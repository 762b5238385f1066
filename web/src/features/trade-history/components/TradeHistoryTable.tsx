import { History } from 'lucide-react';

import { LoadMoreButton } from '@/components/LoadMoreButton';
import { Skeleton } from '@/components/ui/Skeleton';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { CoinAmount } from '@/components/CoinAmount';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import type { useTradeHistory } from '@/lib/data/trade-history';
import { itemsOf } from '@/lib/data/pages';

import type { TradeRecord } from '@touchline/contract';
import {
  formatTradeDate,
  historyRows,
  profitLossCell,
  tradeProfitLossCell,
  tradeSides,
  tradeTypeLabel,
  type HistoryRow,
  type ProfitLossCell,
} from '../utils';
import { Gave, Party, ProfitLossText, Serial } from './HistoryParts';
import { TradeHistoryCards } from './TradeHistoryCards';

export interface TradeHistoryTableProps {
  query: ReturnType<typeof useTradeHistory>;
  /** The signed-in user: their side of a trade gets a 'You' badge, their sales a P/L. */
  userId: number | undefined;
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
}

/**
 * The transactions: one card per trade below 640 px (TradeHistoryCards), above it a table of Date,
 * Player, ID, Type, Seller, Buyer, Price, P/L. Only one of the two is displayed (CSS), so assistive
 * technology reads one.
 */
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
  const records = itemsOf(query.data, (record) => record.id);
  if (records.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-700/80 bg-slate-900/40 px-6 py-10 text-center">
        <History aria-hidden className="size-6 text-slate-400" />
        <p className="text-sm font-semibold text-slate-300">{emptyText}</p>
      </div>
    );
  }

  const rows = historyRows(records);
  // In the app's narrow column the table scrolls sideways: the hint says so, the scroller takes the
  // keyboard focus (arrow keys scroll it), and Date and Player stay in place (.history-identity).
  return (
    <>
      <TradeHistoryCards rows={rows} userId={userId} label={label} className="sm:hidden" />
      <div
        role="region"
        aria-label={`${label}, scrolls sideways`}
        tabIndex={0}
        className="-mx-4 hidden overflow-x-auto px-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400 sm:block"
      >
        <p aria-hidden className="sticky left-0 mb-1.5 text-[11px] text-slate-400">
          Swipe sideways for type, seller, buyer, price and P/L →
        </p>
        <table
          aria-label={label}
          className="history-identity w-full min-w-[40rem] rounded-2xl text-left text-xs whitespace-nowrap"
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
            {rows.map((row) =>
              row.kind === 'trade' ? (
                <TradeRow key={`trade-${row.exchange.offerId}`} row={row} userId={userId} />
              ) : (
                <SaleRow key={row.record.id} record={row.record} userId={userId} />
              ),
            )}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={query} />
    </>
  );
}

/** A market sale or buy: one card, its price and, where the user sold it, the P/L. */
function SaleRow({ record, userId }: { record: TradeRecord; userId: number | undefined }) {
  return (
    <tr data-testid={`trade-${record.id}`}>
      <DateCell value={record.createdAt} />
      <td className="px-2 py-2">
        <span className="inline-flex items-center gap-1.5">
          <span className="font-semibold text-slate-100">{record.playerName}</span>
          <RarityBadge rarity={record.rarity} size="short" />
        </span>
        <Serial record={record} />
      </td>
      <td className="px-2 py-2 text-slate-400 tabular-nums">{`#${record.playerId}`}</td>
      <td className="px-2 py-2 text-slate-300">{tradeTypeLabel(record.tradeType)}</td>
      <td className="px-2 py-2">
        <Party id={record.sellerUserId} username={record.sellerUsername} userId={userId} />
      </td>
      <td className="px-2 py-2">
        <Party id={record.buyerUserId} username={record.buyerUsername} userId={userId} />
      </td>
      <td className="px-2 py-2 text-right">
        <CoinAmount value={record.salePrice} />
      </td>
      <ProfitLoss cell={profitLossCell(record, userId)} />
    </tr>
  );
}

/**
 * A trade: what each side gave (cards and coins) in one cell across Player to Price, since a trade
 * has no single price; the P/L only where the user gave a card for coins.
 */
function TradeRow({
  row,
  userId,
}: {
  row: Extract<HistoryRow, { kind: 'trade' }>;
  userId: number | undefined;
}) {
  const { exchange, records } = row;
  const sides = tradeSides(exchange);
  return (
    <tr data-testid={`trade-${records[0]!.id}`}>
      <DateCell value={records[0]!.createdAt} />
      <td colSpan={6} className="px-2 py-2 whitespace-normal">
        <p className="mb-1 text-slate-300">{tradeTypeLabel('trade')}</p>
        <ul className="flex flex-col gap-1 leading-relaxed">
          {sides.map(({ party, cards, coins }) => (
            <li key={party.id} className="text-slate-300">
              <Party id={party.id} username={party.username} userId={userId} />{' '}
              <span className="text-slate-400">gave</span> <Gave cards={cards} coins={coins} />
            </li>
          ))}
        </ul>
      </td>
      <ProfitLoss cell={tradeProfitLossCell(records, userId)} />
    </tr>
  );
}

function DateCell({ value }: { value: string }) {
  return <td className="py-2 pr-2 pl-3 text-slate-400 tabular-nums">{formatTradeDate(value)}</td>;
}

function ProfitLoss({ cell }: { cell: ProfitLossCell | null }) {
  return (
    <td className="py-2 pr-3 pl-2 text-right font-bold tabular-nums">
      <ProfitLossText cell={cell} />
    </td>
  );
}
