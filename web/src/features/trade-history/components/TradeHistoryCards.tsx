import { ArrowRight } from 'lucide-react';

import { RarityBadge } from '@/components/cards/RarityBadge';
import { CoinAmount } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';

import {
  formatTradeDate,
  profitLossCell,
  tradeProfitLossCell,
  tradeSides,
  tradeTypeLabel,
  type HistoryRow,
  type ProfitLossCell,
} from '../utils';
import { Gave, Party, ProfitLossText, Serial } from './HistoryParts';

export interface TradeHistoryCardsProps {
  rows: HistoryRow[];
  userId: number | undefined;
  label: string;
  className?: string;
}

/** At phone width: one card per transaction, nothing to scroll sideways. */
export function TradeHistoryCards({ rows, userId, label, className }: TradeHistoryCardsProps) {
  return (
    <ul aria-label={label} className={cn('flex flex-col gap-2', className)}>
      {rows.map((row) =>
        row.kind === 'trade' ? (
          <TradeCard key={`trade-${row.exchange.offerId}`} row={row} userId={userId} />
        ) : (
          <SaleCard key={row.record.id} row={row} userId={userId} />
        ),
      )}
    </ul>
  );
}

function CardFrame({
  id,
  date,
  type,
  profitLoss,
  children,
}: {
  id: number;
  date: string;
  type: string;
  profitLoss: ProfitLossCell | null;
  children: React.ReactNode;
}) {
  return (
    <li
      data-testid={`trade-card-${id}`}
      className="flex flex-col gap-1.5 rounded-2xl border border-white/5 bg-slate-900/70 p-3 text-xs"
    >
      <div className="flex items-center justify-between gap-2 text-slate-400">
        <span className="tabular-nums">{`${formatTradeDate(date)} · ${type}`}</span>
        {profitLoss && (
          <span className="font-bold tabular-nums">
            <span className="sr-only">P/L </span>
            <ProfitLossText cell={profitLoss} />
          </span>
        )}
      </div>
      {children}
    </li>
  );
}

/** A market sale or buy: the card, who sold it to whom, and the price. */
function SaleCard({
  row,
  userId,
}: {
  row: Extract<HistoryRow, { kind: 'sale' }>;
  userId: number | undefined;
}) {
  const { record } = row;
  return (
    <CardFrame
      id={record.id}
      date={record.createdAt}
      type={tradeTypeLabel(record.tradeType)}
      profitLoss={profitLossCell(record, userId)}
    >
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="text-sm font-semibold break-words text-slate-100">{record.playerName}</span>
        <RarityBadge rarity={record.rarity} size="short" />
        <span className="text-slate-400 tabular-nums">{`#${record.playerId}`}</span>
        <Serial record={record} />
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-slate-300">
        <Party id={record.sellerUserId} username={record.sellerUsername} userId={userId} />
        <ArrowRight aria-label="to" className="size-3 text-slate-500" />
        <Party id={record.buyerUserId} username={record.buyerUsername} userId={userId} />
        <span className="text-slate-400">for</span>
        <CoinAmount value={record.salePrice} />
      </p>
    </CardFrame>
  );
}

/** A trade: what each side gave; a P/L only where the user gave a card for coins. */
function TradeCard({
  row,
  userId,
}: {
  row: Extract<HistoryRow, { kind: 'trade' }>;
  userId: number | undefined;
}) {
  const { exchange, records } = row;
  const sides = tradeSides(exchange);
  return (
    <CardFrame
      id={records[0]!.id}
      date={records[0]!.createdAt}
      type={tradeTypeLabel('trade')}
      profitLoss={tradeProfitLossCell(records, userId)}
    >
      <ul className="flex flex-col gap-1 leading-relaxed">
        {sides.map(({ party, cards, coins }) => (
          <li key={party.id} className="break-words text-slate-300">
            <Party id={party.id} username={party.username} userId={userId} />{' '}
            <span className="text-slate-400">gave</span> <Gave cards={cards} coins={coins} />
          </li>
        ))}
      </ul>
    </CardFrame>
  );
}
