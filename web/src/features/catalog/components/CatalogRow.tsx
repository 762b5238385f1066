import { CircleCheck, Circle, Coins } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';

import { TeamLogo } from '@/components/cards/TeamCrest';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { CatalogEntry } from '@touchline/contract';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export interface CatalogRowProps extends ComponentPropsWithRef<'li'> {
  entry: CatalogEntry;
  /** Opens the player's card popup. */
  onOpen: (entry: CatalogEntry) => void;
}

/**
 * A catalog row: art, name, position, team, current price, owned check and count; a tap opens the
 * player's card popup. Other props go to the <li> (a virtual list's ref, index and position in the set).
 */
export function CatalogRow({ entry, onOpen, ...item }: CatalogRowProps) {
  const { player, owned, count } = entry;
  return (
    <li {...item} aria-label={player.name}>
      <button
        type="button"
        onClick={() => onOpen(entry)}
        className={cn(
          'flex w-full items-center gap-3 rounded-2xl border p-2.5 text-left transition-colors',
          'hover:border-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
          owned ? 'border-emerald-500/20 bg-emerald-500/[0.06]' : 'border-white/5 bg-slate-900/60',
        )}
      >
        <div className="w-11 shrink-0">
          <PlayerCard
            player={player}
            variant="art"
            className={cn('shadow-md', !owned && 'opacity-80 saturate-50')}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex items-center gap-1.5">
            <p className="truncate text-sm font-bold text-slate-50">{player.name}</p>
            <RarityBadge rarity={player.rarity} size="short" />
          </div>
          <p className="truncate text-xs text-slate-400">{player.position}</p>
          <p className="flex min-w-0 items-center gap-1 text-[11px] text-slate-400">
            <TeamLogo team={player.team} className="size-3.5" />
            <span className="truncate">{player.team.name}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="inline-flex items-center gap-1 text-sm font-bold text-amber-300">
            <Coins aria-hidden className="size-3.5" />
            {formatNumber(player.currentPrice)}
          </span>
          <span className="flex items-center gap-1">
            {count > 0 && <span className="text-xs font-bold text-emerald-300">{`×${count}`}</span>}
            {owned ? (
              <CircleCheck role="img" aria-label="Owned" className="size-4.5 text-emerald-400" />
            ) : (
              <Circle role="img" aria-label="Not owned" className="size-4.5 text-slate-700" />
            )}
          </span>
        </div>
      </button>
    </li>
  );
}
