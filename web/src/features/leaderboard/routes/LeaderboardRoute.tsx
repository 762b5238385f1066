import { Trophy } from 'lucide-react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useUser } from '@/lib/data/auth';
import { useLeaderboard } from '@/lib/data/leaderboard';

import { Podium } from '../components/Podium';
import { RankRow } from '../components/RankRow';
import { PLACEHOLDER_ROWS, PODIUM_SIZE, showsYourRanking } from '../utils';

/** /leaderboard: the top collectors by collection value. */
export function LeaderboardRoute() {
  const { data: user } = useUser();
  const { data: entries, isPending, isError, error, refetch, isFetching } = useLeaderboard();

  return (
    <>
      <Header title="Leaderboard" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <h2 className="flex items-center gap-2 font-display text-xl font-bold text-slate-50">
          <Trophy aria-hidden className="size-5 text-amber-300" />
          Top Collectors
        </h2>
        {isPending ? (
          <div role="status" aria-label="Loading leaderboard" className="flex flex-col gap-2">
            {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
              <Skeleton key={i} data-testid="leaderboard-placeholder" className="h-14 rounded-2xl" />
            ))}
          </div>
        ) : isError ? (
          <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : entries.length === 0 ? (
          <EmptyState icon={Trophy} title="No collectors yet" />
        ) : (
          <>
            <Podium entries={entries.slice(0, PODIUM_SIZE)} />
            {entries.length > PODIUM_SIZE && (
              <ol aria-label="Rankings" className="flex flex-col gap-2">
                {entries.slice(PODIUM_SIZE).map((entry) => (
                  <RankRow
                    key={entry.user.id}
                    rank={entry.rank}
                    username={entry.user.username}
                    cardCount={entry.cardCount}
                    collectionValue={entry.collectionValue}
                    highlighted={entry.user.id === user?.id}
                  />
                ))}
              </ol>
            )}
            {user && showsYourRanking(user.rank) && (
              <section aria-labelledby="your-ranking" className="flex flex-col gap-2">
                <h3 id="your-ranking" className="text-sm font-bold text-slate-200">
                  Your Ranking
                </h3>
                <ol>
                  <RankRow
                    rank={user.rank}
                    username={user.username}
                    cardCount={user.cardCount ?? 0}
                    collectionValue={user.collectionValue ?? 0}
                    highlighted
                  />
                </ol>
              </section>
            )}
          </>
        )}
      </div>
    </>
  );
}
