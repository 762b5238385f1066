import { Flame } from 'lucide-react';
import { useDeferredValue } from 'react';

import { QueryError } from '@/components/QueryError';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { PriceChange } from '@/components/cards/PriceChange';
import { TRENDING_LIMIT, type Player } from '@touchline/contract';
import { useTrending } from '@/lib/data/market';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { PricesUpdated } from '@/components/market/PricesUpdated';
import { Skeleton } from '@/components/ui/Skeleton';

/** 'Trending Players' on home: the biggest 24h movers, two to a row; a tap opens the player popup. */
export function TrendingPlayers({ onSelectPlayer }: { onSelectPlayer: (player: Player) => void }) {
  const { data, isError, error, refetch, isFetching, dataUpdatedAt } = useTrending();
  // The grid renders from a deferred copy of the answer, in slices rather than in the one long task
  // of a store update; the placeholder stays until it is done.
  const players = useDeferredValue(data);

  return (
    <section aria-labelledby="home-trending" className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h2 id="home-trending" className="flex items-center gap-2 text-base font-bold text-slate-50">
          <Flame aria-hidden className="size-4 text-amber-400" />
          Trending Players
        </h2>
        <p className="text-xs text-slate-400">Market data updates every 5 minutes</p>
        {/* Its line is kept while loading, so the placeholder below does not move when it appears. */}
        <div className="min-h-4">{data && <PricesUpdated fetchedAt={dataUpdatedAt} />}</div>
      </div>

      {isError ? (
        <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !players ? (
        // Holds the place of the grid it becomes (TRENDING_LIMIT tiles), so nothing below it moves.
        <div role="status" className="relative grid grid-cols-2 gap-2 lg:grid-cols-4">
          {Array.from({ length: TRENDING_LIMIT }, (_, index) => (
            <Skeleton key={index} className="h-[74px] rounded-2xl" />
          ))}
          <p className="absolute inset-0 flex items-center justify-center text-center text-sm text-slate-400">
            Loading trending players...
          </p>
        </div>
      ) : players.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-700/80 px-4 py-6 text-center text-sm text-slate-400">
          No trending players right now
        </p>
      ) : (
        <ul aria-label="Trending players" className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          {players.map((player) => (
            <li key={player.id} data-player-id={player.id}>
              <button
                type="button"
                onClick={() => onSelectPlayer(player)}
                className="flex w-full items-center gap-2.5 rounded-2xl border border-white/5 bg-slate-900/70 p-2 text-left transition-colors hover:border-white/10 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-400"
              >
                <div className="w-10 shrink-0">
                  <PlayerCard player={player} variant="art" className="shadow-md" />
                </div>
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="text-xs font-bold wrap-break-word text-slate-50">
                    {player.name}
                    <span className="sr-only">,</span>
                  </span>
                  <LiveCoinAmount value={player.currentPrice} className="text-xs" iconClassName="size-3" />
                  <PriceChange value={player.priceChange} className="text-[11px]" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
