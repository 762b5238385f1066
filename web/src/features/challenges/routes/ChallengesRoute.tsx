import { Puzzle } from 'lucide-react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { useChallenges } from '@/lib/data/challenges';

import { ChallengeTile } from '../components/ChallengeTile';

/** /challenges: the squad challenges, open ones first, each with its requirements and reward. */
export function ChallengesRoute() {
  const challenges = useChallenges();
  const items = challenges.data?.items ?? [];
  // Open and not yet completed first: what the player can still do.
  const sorted = [...items].sort((a, b) => rank(a) - rank(b));
  return (
    <>
      <Header title="Squad Challenges" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <p className="text-sm text-slate-300">
          Give up a squad of your cards that meets a challenge’s requirements and get its reward. The cards
          leave your collection for good. Each challenge can be completed once.
        </p>
        {challenges.isPending && (
          <div role="status" aria-label="Loading the challenges" className="grid gap-3 lg:grid-cols-2">
            <Skeleton className="h-40 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
          </div>
        )}
        {challenges.isError && (
          <QueryError
            error={challenges.error}
            onRetry={() => void challenges.refetch()}
            retrying={challenges.isFetching}
          />
        )}
        {challenges.isSuccess && items.length === 0 && (
          <EmptyState
            icon={Puzzle}
            title="No challenges right now"
            description="New challenges appear here when they open."
          />
        )}
        {sorted.length > 0 && (
          <ul aria-label="Challenges" className="grid gap-3 lg:grid-cols-2">
            {sorted.map((challenge) => (
              <ChallengeTile key={challenge.id} challenge={challenge} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function rank(c: { state: string; submission: unknown }): number {
  if (c.state === 'open' && !c.submission) return 0;
  if (c.submission) return 1;
  return 2;
}
