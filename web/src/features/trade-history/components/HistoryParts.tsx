import { Fragment } from 'react';

import { RarityBadge } from '@/components/cards/RarityBadge';
import type { TradeExchange, TradeRecord } from '@touchline/contract';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';
import { displayName } from '@/lib/people';

import type { ProfitLossCell } from '../utils';

/** One side's cards (with their rarity) and coins, joined by '+'; 'nothing' for an empty side. */
export function Gave({ cards, coins }: { cards: TradeExchange['offeredCards']; coins: number }) {
  const parts = [
    ...cards.map((card) => (
      <span key={card.cardId}>
        <span className="font-semibold text-slate-100">{card.playerName}</span>{' '}
        <RarityBadge rarity={card.rarity} size="short" />
      </span>
    )),
    ...(coins > 0
      ? [
          <span key="coins" className="font-semibold text-amber-300 tabular-nums">
            {`${formatNumber(coins)} coins`}
          </span>,
        ]
      : []),
  ];
  if (parts.length === 0) return <span className="text-slate-400">nothing</span>;
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && ' + '}
      {part}
    </Fragment>
  ));
}

/** A P/L in green or red, or a dash where the user sold nothing for coins. */
export function ProfitLossText({ cell }: { cell: ProfitLossCell | null }) {
  if (!cell) return <span className="text-slate-400">-</span>;
  return (
    <span data-trend={cell.trend} className={cell.trend === 'up' ? 'text-emerald-400' : 'text-rose-400'}>
      {cell.text}
    </span>
  );
}

/** A seller, buyer or side of a trade: 'Market' for 0, a 'You' badge for the user, else the username. */
export function Party({
  id,
  username,
  userId,
}: {
  id: number;
  username: string | null;
  userId: number | undefined;
}) {
  const name = displayName(id, username, userId);
  if (id === 0) return <span className="font-semibold text-amber-300">{name}</span>;
  if (name === 'You')
    return (
      <span className="rounded-full bg-emerald-500/15 px-1.5 py-0.5 text-[10px] font-bold text-emerald-300">
        You
      </span>
    );
  return <span className="font-medium text-slate-300">{name}</span>;
}

/** The card's serial as every card shows it ('#21 of 5000'), when cards-market told it. */
export function Serial({ record }: { record: Pick<TradeRecord, 'editionNumber' | 'maxEditions'> }) {
  const serial = editionLabel(record.editionNumber, record.maxEditions);
  if (!serial) return null;
  return (
    <span data-testid="serial" className="block text-[11px] text-slate-400 tabular-nums">
      {serial}
    </span>
  );
}
