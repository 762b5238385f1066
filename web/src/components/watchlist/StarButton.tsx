import { Star } from 'lucide-react';

import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useIsWatched, useToggleWatch } from '@/lib/data/watchlist';
import { toast } from '@/lib/toast';

export interface StarButtonProps {
  player: { id: number; name: string };
  className?: string;
}

/**
 * Stars a player (not a card) for the watchlist: the catalog's, the market's and a card's popup and
 * the stock market's chart use it. A toggle button: its name stays, aria-pressed says whether it is on
 * (its name is its text, so what one sees is what one says to voice control).
 */
export function StarButton({ player, className }: StarButtonProps) {
  const watched = useIsWatched(player.id);
  const toggle = useToggleWatch();
  const next = !watched;
  return (
    <button
      type="button"
      aria-pressed={watched}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { playerId: player.id, watch: next },
          {
            onSuccess: () =>
              toast.success(next ? 'Added to your watchlist' : 'Removed from your watchlist', {
                description: player.name,
              }),
            onError: (error) => toast.error('Watchlist not changed', { description: errorMessage(error) }),
          },
        )
      }
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:opacity-60',
        watched
          ? 'border-amber-300/40 bg-amber-300/15 text-amber-200'
          : 'border-white/10 bg-slate-950/40 text-slate-300 hover:text-white',
        className,
      )}
    >
      <Star aria-hidden className={cn('size-3.5', watched && 'fill-amber-300 text-amber-300')} />
      {/* One name whatever the state ('Watch <player>'); aria-pressed and the filled star say it is on. */}
      {'Watch '}
      <span className="sr-only">{player.name}</span>
    </button>
  );
}
