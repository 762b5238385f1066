import type { Lineup } from '@touchline/contract';

import { RarityBadge } from '@/components/cards/RarityBadge';

import { formatPoints, resultSummary } from '../utils';

/** A fielded lineup: each card's player, match and points once scored, and the total, rank and reward. */
export function LineupView({ lineup, entries }: { lineup: Lineup; entries: number }) {
  const scored = lineup.points !== null;
  return (
    <div className="flex flex-col gap-3">
      {scored && (
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-xl bg-slate-900/70 p-2">
            <dt className="text-[11px] text-slate-400">Points</dt>
            <dd className="text-lg font-bold text-emerald-300 tabular-nums">
              {formatPoints(lineup.points!)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-900/70 p-2">
            <dt className="text-[11px] text-slate-400">Rank</dt>
            <dd className="text-lg font-bold text-slate-50 tabular-nums">{`#${lineup.rank} of ${entries}`}</dd>
          </div>
          <div className="rounded-xl bg-slate-900/70 p-2">
            <dt className="text-[11px] text-slate-400">Reward</dt>
            <dd className="text-lg font-bold text-amber-300 tabular-nums">
              {(lineup.reward ?? 0).toLocaleString('en-US')}
              <span className="sr-only"> coins</span>
              <span className="block text-[10px] font-medium text-slate-400">
                {lineup.rewardStatus === 'paid' ? 'Paid' : 'On its way'}
              </span>
            </dd>
          </div>
        </dl>
      )}
      <ul aria-label="Fielded cards" className="flex flex-col gap-2">
        {lineup.cards.map((card) => (
          <li
            key={card.cardId}
            className="flex items-center justify-between gap-3 rounded-xl border border-white/5 bg-slate-900/60 px-3 py-2.5"
          >
            <span className="flex min-w-0 flex-col">
              <span className="flex items-center gap-2">
                <span className="truncate text-sm font-semibold text-slate-100">{card.playerName}</span>
                {card.captain && (
                  <span className="rounded-full bg-emerald-500/15 px-1.5 text-[10px] font-bold text-emerald-300">
                    <abbr title="Captain">C</abbr>
                  </span>
                )}
              </span>
              <span className="flex items-center gap-2 text-xs text-slate-400">
                <RarityBadge rarity={card.rarity} size="short" />
                {card.result ? resultSummary(card.result) : card.position}
              </span>
            </span>
            <span className="shrink-0 text-right text-sm font-bold tabular-nums text-slate-50">
              {card.points === null ? '–' : formatPoints(card.points)}
              <span className="sr-only"> points</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
