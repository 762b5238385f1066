import { Crown, Medal } from 'lucide-react';

import type { LeaderboardEntry } from '@touchline/contract';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { PLACE_LABELS } from '../utils';
import { Avatar } from './Avatar';

const placeStyles = [
  'order-2 border-amber-400/40 bg-amber-400/10 pt-5 pb-4',
  'order-1 mt-6 border-slate-300/30 bg-slate-300/5 py-4',
  'order-3 mt-8 border-orange-400/30 bg-orange-400/5 py-4',
];
const medalStyles = ['text-amber-300', 'text-slate-300', 'text-orange-300'];

/** Ranks 1 to 3, the first in the middle and raised. */
export function Podium({ entries }: { entries: LeaderboardEntry[] }) {
  return (
    <ol aria-label="Podium" className="grid grid-cols-3 items-start gap-2">
      {entries.map((entry, index) => {
        const Icon = index === 0 ? Crown : Medal;
        return (
          <li
            key={entry.user.id}
            aria-label={`${PLACE_LABELS[index]}: ${entry.user.username}`}
            className={cn(
              'flex min-w-0 flex-col items-center gap-1.5 rounded-2xl border px-2 text-center',
              placeStyles[index],
            )}
          >
            <Icon aria-hidden className={cn('size-5', medalStyles[index])} />
            <Avatar name={entry.user.username} className={index === 0 ? 'size-12' : undefined} />
            <p className="w-full truncate text-sm font-bold text-slate-50">{entry.user.username}</p>
            <p className={cn('text-[11px] font-semibold uppercase', medalStyles[index])}>
              {PLACE_LABELS[index]}
            </p>
            <p className="text-xs font-semibold text-amber-300">{formatNumber(entry.collectionValue)}</p>
            <p className="text-[11px] text-slate-400">{`${formatNumber(entry.cardCount)} cards`}</p>
          </li>
        );
      })}
    </ol>
  );
}
