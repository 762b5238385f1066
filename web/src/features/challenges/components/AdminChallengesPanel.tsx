import { useState } from 'react';

import type { Challenge } from '@touchline/contract';

import { QueryError } from '@/components/QueryError';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api';
import { useAdminChallenges, useRetireChallenge } from '@/lib/data/challenges';

import { requirementLines, STATE_LABELS } from '../utils';
import { ChallengeReward } from './ChallengeReward';
import { CreateChallengeForm } from './CreateChallengeForm';
import { ScheduleForm } from './ScheduleForm';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'no end';

/** The admin dashboard's Challenges tab: make one, see every one with its completions, retire one. */
export function AdminChallengesPanel() {
  const challenges = useAdminChallenges(true);
  const retire = useRetireChallenge();
  const [retiring, setRetiring] = useState<Challenge | null>(null);
  const [scheduling, setScheduling] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="new-challenge"
        className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/60 p-4"
      >
        <h2 id="new-challenge" className="text-base font-bold text-slate-50">
          New challenge
        </h2>
        <CreateChallengeForm />
      </section>
      <section aria-labelledby="all-challenges" className="flex flex-col gap-3">
        <h2 id="all-challenges" className="text-base font-bold text-slate-50">
          All challenges
        </h2>
        {challenges.isPending && <Skeleton className="h-32 rounded-2xl" />}
        {challenges.isError && (
          <QueryError
            error={challenges.error}
            onRetry={() => void challenges.refetch()}
            retrying={challenges.isFetching}
          />
        )}
        {retire.isError && <Alert>{errorMessage(retire.error)}</Alert>}
        {challenges.data?.items.length === 0 && <p className="text-sm text-slate-400">No challenges yet.</p>}
        <ul aria-label="All challenges" className="grid gap-3 lg:grid-cols-2">
          {challenges.data?.items.map((c) => (
            <li
              key={c.id}
              className="flex flex-col gap-2 rounded-2xl border border-white/5 bg-slate-900/60 p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-slate-100">{`#${c.id} ${c.title}`}</h3>
                <span className="text-xs font-semibold text-slate-300">{STATE_LABELS[c.state]}</span>
              </div>
              <p className="text-xs text-slate-400">{requirementLines(c).join(' · ')}</p>
              <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-300">
                Reward <ChallengeReward coins={c.rewardCoins} packName={c.rewardPackName} />
                {` · ${c.completions} completed · ${when(c.startsAt)} to ${when(c.endsAt)}`}
              </p>
              {c.state !== 'retired' && scheduling === c.id && (
                <ScheduleForm challenge={c} onDone={() => setScheduling(null)} />
              )}
              {c.state !== 'retired' && scheduling !== c.id && (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setScheduling(c.id)}>
                    Change dates
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setRetiring(c)}>
                    Retire
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={retiring !== null}
        title="Retire this challenge?"
        description={`“${retiring?.title ?? ''}” disappears for players for good. Completions stay.`}
        confirmLabel="Retire"
        confirmVariant="danger"
        busy={retire.isPending}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retire.mutate(retiring!.id, { onSettled: () => setRetiring(null) })}
      />
    </div>
  );
}
