import { CheckCircle2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import type { Challenge } from '@touchline/contract';

import { challengePath } from '@/config/paths';
import { cn } from '@/lib/cn';

import { requirementLines, STATE_LABELS } from '../utils';
import { ChallengeReward } from './ChallengeReward';
import { RequirementList } from './RequirementList';

/** One challenge of the list: its title, requirements, reward, and whether the player completed it. */
export function ChallengeTile({ challenge }: { challenge: Challenge }) {
  const done = challenge.submission !== null;
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 rounded-2xl border bg-slate-900/60 p-4 transition-colors hover:border-slate-500 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-emerald-400',
        done ? 'border-emerald-500/40' : 'border-white/5',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-bold text-slate-50">
            {/* The whole tile opens the challenge (the link's box covers it); its name is the title. */}
            <Link
              to={challengePath(challenge.id)}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {challenge.title}
              {done && <span className="sr-only">, completed</span>}
              {!done && challenge.state === 'ended' && <span className="sr-only">, ended</span>}
            </Link>
          </h2>
          {challenge.description && <p className="text-xs text-slate-400">{challenge.description}</p>}
        </div>
        <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-slate-500" />
      </div>
      <RequirementList lines={requirementLines(challenge)} />
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-1.5 text-slate-300">
          Reward <ChallengeReward coins={challenge.rewardCoins} packName={challenge.rewardPackName} />
        </span>
        {done ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-300">
            <CheckCircle2 aria-hidden className="size-4" /> Completed
          </span>
        ) : (
          <span className="text-xs font-semibold text-slate-400">
            {challenge.state === 'open' && challenge.endsAt
              ? `Ends ${new Date(challenge.endsAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`
              : STATE_LABELS[challenge.state]}
          </span>
        )}
      </div>
    </li>
  );
}
