import { Coins } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { Avatar } from './Avatar';

export interface RankRowProps {
  rank: number;
  username: string;
  cardCount: number;
  collectionValue: number;
  highlighted?: boolean;
}

/** One collector below the podium: rank, avatar, name, card count and collection value. */
export function RankRow({ rank, username, cardCount, collectionValue, highlighted = false }: RankRowProps) {
  return (
    <li
      aria-label={`#${rank} ${username}`}
      className={cn(
        'flex items-center gap-3 rounded-2xl border px-3 py-2.5',
        highlighted ? 'border-emerald-400/40 bg-emerald-500/10' : 'border-white/5 bg-slate-900/70',
      )}
    >
      <span className="w-8 shrink-0 text-center text-sm font-bold text-slate-400 tabular-nums">{`#${rank}`}</span>
      <Avatar name={username} className="size-9 text-xs" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate text-sm font-semibold text-slate-100">{username}</p>
        <p className="text-xs text-slate-400">{`${formatNumber(cardCount)} cards`}</p>
      </div>
      <span className="inline-flex items-center gap-1 text-sm font-bold text-amber-300">
        <Coins aria-hidden className="size-3.5" />
        {formatNumber(collectionValue)}
      </span>
    </li>
  );
}
