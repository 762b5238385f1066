import { useParams } from 'react-router';

import { Header } from '@/components/Header';
import { NotFound } from '@/components/NotFound';
import { QueryError } from '@/components/QueryError';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError } from '@/lib/api';
import { useChallenge } from '@/lib/data/challenges';
import { useUserCards } from '@/lib/data/cards';

import { ChallengeReward } from '../components/ChallengeReward';
import { RequirementList } from '../components/RequirementList';
import { RewardMoment } from '../components/RewardMoment';
import { SquadBuilder } from '../components/SquadBuilder';
import { requirementLines, STATE_LABELS } from '../utils';

/** /challenges/:id: a challenge's squad builder, or what the player gave for it and got. */
export function ChallengeRoute() {
  const id = Number(useParams().id);
  const challenge = useChallenge(id);
  const cards = useUserCards();
  const data = challenge.data;
  if (
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    (challenge.error instanceof ApiError && challenge.error.status === 404)
  )
    return <NotFound />;

  return (
    <>
      <Header title={data?.title ?? 'Challenge'} showBack />
      <div className="flex flex-col gap-4 px-4 py-5 lg:mx-auto lg:w-full lg:max-w-4xl">
        {challenge.isPending && (
          <div role="status" aria-label="Loading the challenge" className="flex flex-col gap-3">
            <Skeleton className="h-32 rounded-2xl" />
            <Skeleton className="h-64 rounded-2xl" />
          </div>
        )}
        {challenge.isError && (
          <QueryError
            error={challenge.error}
            onRetry={() => void challenge.refetch()}
            retrying={challenge.isFetching}
          />
        )}
        {data && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {data.description && <p className="text-sm text-slate-300">{data.description}</p>}
              <p className="flex items-center gap-1.5 text-sm text-slate-200">
                Reward <ChallengeReward coins={data.rewardCoins} packName={data.rewardPackName} />
              </p>
            </div>
            {data.submission ? (
              <RewardMoment challenge={data} submission={data.submission} />
            ) : data.state !== 'open' ? (
              <section className="flex flex-col gap-2 rounded-2xl border border-white/5 bg-slate-900/60 p-4">
                <p className="text-sm font-semibold text-slate-200">{`This challenge is ${STATE_LABELS[data.state].toLowerCase()}.`}</p>
                <RequirementList lines={requirementLines(data)} />
              </section>
            ) : cards.isPending ? (
              <Skeleton className="h-64 rounded-2xl" />
            ) : cards.isError ? (
              <QueryError
                error={cards.error}
                onRetry={() => void cards.refetch()}
                retrying={cards.isFetching}
              />
            ) : (
              <SquadBuilder challenge={data} cards={cards.data} />
            )}
          </>
        )}
      </div>
    </>
  );
}
