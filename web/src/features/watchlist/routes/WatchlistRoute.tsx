import { Star } from 'lucide-react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useWatchlist } from '@/lib/data/watchlist';

import { WatchlistRow } from '../components/WatchlistRow';

/** The server's limit (cards-market): shown so a player knows it before reaching it. */
const MAX_WATCHED_PLAYERS = 50;

/** /watchlist: the starred players with live prices, their day, and price alerts. */
export function WatchlistRoute() {
  const watchlist = useWatchlist();
  return (
    <>
      <Header title="Watchlist" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <p className="text-xs text-slate-400">
          {`Star players from the catalog, the market or a card to follow them here (up to ${MAX_WATCHED_PLAYERS}). An alert tells you when a price tick crosses its line, each time it crosses.`}
        </p>
        {watchlist.isPending && (
          <div role="status" aria-label="Loading your watchlist" className="flex flex-col gap-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-40 rounded-2xl" />
            ))}
          </div>
        )}
        {watchlist.isError && (
          <QueryError
            error={watchlist.error}
            onRetry={() => void watchlist.refetch()}
            retrying={watchlist.isFetching}
          />
        )}
        {watchlist.data?.length === 0 && (
          <EmptyState
            icon={Star}
            title="No players watched yet"
            description="Tap Watch on a player's card in the catalog or the market."
            action={
              <Link
                to={paths.catalog}
                className="text-sm font-semibold text-emerald-400 hover:text-emerald-300"
              >
                Browse the catalog
              </Link>
            }
          />
        )}
        {watchlist.data && watchlist.data.length > 0 && (
          <>
            <p className="text-xs text-slate-400">{`${watchlist.data.length} of ${MAX_WATCHED_PLAYERS} players`}</p>
            <ul aria-label="Watched players" className="flex flex-col gap-3">
              {watchlist.data.map((entry) => (
                <WatchlistRow key={entry.player.id} entry={entry} />
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
