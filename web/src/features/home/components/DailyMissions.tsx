import { CheckCircle2, ChevronRight, Coins, Target } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';

import type { Mission } from '@touchline/contract';
import { MissionIcon } from '@/components/missions/MissionIcon';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ProgressBar } from '@/components/ui/Progress';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useClaimMission, useMissions } from '@/lib/data/missions';
import { formatNumber } from '@/lib/format';
import { percentOf } from '@/lib/progress';

/** 'Daily Missions' on home: today's missions with their progress, collected from here or /missions. */
export function DailyMissions() {
  const { data: answer, isError, error, refetch, isFetching } = useMissions();
  // Rendered from a deferred copy of the answer, in slices (see TrendingPlayers).
  const data = useDeferredValue(answer);
  const claim = useClaimMission();
  const [collectingId, setCollectingId] = useState<number | null>(null);

  const collect = (mission: Mission) => {
    setCollectingId(mission.id);
    claim.mutate(
      { id: mission.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (result) =>
          toast.success(`+${formatNumber(result.reward)} coins!`, {
            description: "You've earned coins for completing the mission",
          }),
        onError: (e) =>
          toast.error('Failed to claim reward', { description: errorMessage(e, 'Please try again later.') }),
        onSettled: () => setCollectingId(null),
      },
    );
  };

  return (
    <section aria-labelledby="home-daily-missions" className="flex flex-col gap-3">
      <h2 id="home-daily-missions" className="text-base font-bold text-slate-50">
        <Link to={paths.missions} className="inline-flex items-center gap-2 hover:text-emerald-300">
          <Target aria-hidden className="size-4 text-emerald-400" />
          Daily Missions
          <ChevronRight aria-hidden className="size-4 text-slate-400" />
        </Link>
      </h2>
      {isError ? (
        <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data ? (
        <div role="status" aria-label="Loading missions" className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
      ) : data.daily.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No daily missions available right now."
          description="Check back later for new challenges!"
        />
      ) : (
        <ul aria-label="Daily missions" className="flex flex-col gap-2">
          {data.daily.map((mission) => (
            <DailyMissionRow
              key={mission.id}
              mission={mission}
              collecting={collectingId === mission.id}
              onCollect={collect}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface RowProps {
  mission: Mission;
  collecting: boolean;
  onCollect: (mission: Mission) => void;
}

function DailyMissionRow({ mission, collecting, onCollect }: RowProps) {
  const collectable = mission.progress >= mission.target && !mission.claimed;
  return (
    <li
      aria-label={mission.description}
      className="flex items-center gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3"
    >
      <MissionIcon icon={mission.icon} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-sm font-semibold text-slate-100">{mission.description}</p>
          <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-amber-300">
            <Coins aria-hidden className="size-3.5" />
            {formatNumber(mission.reward)}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <ProgressBar
            value={percentOf(mission.progress, mission.target)}
            label={`${mission.description} progress`}
            className="h-1.5"
          />
          <span className="shrink-0 text-[11px] text-slate-400 tabular-nums">
            {`${Math.min(mission.progress, mission.target)}/${mission.target}`}
          </span>
        </div>
      </div>
      {mission.claimed ? (
        <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-300">
          <CheckCircle2 aria-hidden className="size-3.5" />
          Collected
        </span>
      ) : collectable ? (
        <Button size="sm" loading={collecting} onClick={() => onCollect(mission)}>
          Collect
        </Button>
      ) : null}
    </li>
  );
}
