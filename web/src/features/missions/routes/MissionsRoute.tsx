import {
  CalendarDays,
  CalendarRange,
  CheckCircle2,
  Coins,
  Target,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { actionToast } from '@/lib/moments';
import { toast } from '@/lib/toast';

import type { Mission } from '@touchline/contract';
import { Header } from '@/components/Header';
import { MissionIcon } from '@/components/missions/MissionIcon';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useClaimMission, useCompletedMissions, useMissions } from '@/lib/data/missions';
import { formatNumber } from '@/lib/format';

import { CoinBurst } from '../components/CoinBurst';
import { MissionCard } from '../components/MissionCard';
import { availableCount, COIN_BURST_MS, completionDate } from '../utils';

/** /missions: the Mission Center (daily, weekly and completed missions, and claiming rewards). */
export function MissionsRoute() {
  const missions = useMissions();
  const completed = useCompletedMissions();
  const claim = useClaimMission();
  const [claimingId, setClaimingId] = useState<number | null>(null);
  const [burst, setBurst] = useState<{ reward: number; key: number } | null>(null);

  useEffect(() => {
    if (!burst) return;
    const timer = setTimeout(() => setBurst(null), COIN_BURST_MS);
    return () => clearTimeout(timer);
  }, [burst]);

  const onClaim = (mission: Mission) => {
    setClaimingId(mission.id);
    claim.mutate(
      { id: mission.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (result) => {
          setBurst({ reward: result.reward, key: Date.now() });
          // A badge the claim earns folds into this toast.
          actionToast('success', {
            title: `+${formatNumber(result.reward)} coins!`,
            description: "You've earned coins for completing the mission",
          });
        },
        onError: (error) => {
          toast.error('Failed to claim reward', {
            description: errorMessage(error, 'Please try again later.'),
          });
        },
        onSettled: () => setClaimingId(null),
      },
    );
  };

  const daily = missions.data?.daily ?? [];
  const weekly = missions.data?.weekly ?? [];

  return (
    <>
      <Header title="Missions" showBack />
      <div className="flex flex-col gap-5 px-4 py-5">
        <section className="flex items-center gap-3 rounded-2xl border border-emerald-400/15 bg-linear-to-br from-emerald-600/25 via-slate-900 to-slate-900 p-4">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-500/20 text-emerald-300">
            <Target aria-hidden className="size-6" />
          </span>
          <div>
            <h2 className="font-display text-xl font-bold text-slate-50">Mission Center</h2>
            <p className="text-xs text-slate-400">Complete missions to earn coins</p>
          </div>
        </section>

        <Tabs defaultValue="daily">
          <TabsList>
            <TabsTrigger value="daily">Daily</TabsTrigger>
            <TabsTrigger value="weekly">Weekly</TabsTrigger>
            <TabsTrigger value="completed">Completed</TabsTrigger>
          </TabsList>

          <TabsContent value="daily" className="flex flex-col gap-3">
            <PeriodNote icon={CalendarDays}>
              <span>Resets at midnight ET</span>
              {missions.data && (
                <span className="text-slate-300">{`${availableCount(daily)} challenges available today`}</span>
              )}
            </PeriodNote>
            <MissionList query={missions} missions={daily} claimingId={claimingId} onClaim={onClaim} />
          </TabsContent>

          <TabsContent value="weekly" className="flex flex-col gap-3">
            <PeriodNote icon={CalendarRange}>
              <span>Resets Sunday at midnight</span>
            </PeriodNote>
            <MissionList query={missions} missions={weekly} claimingId={claimingId} onClaim={onClaim} />
          </TabsContent>

          <TabsContent value="completed" className="flex flex-col gap-3">
            {completed.isPending ? (
              <Placeholders />
            ) : completed.isError ? (
              <QueryError error={completed.error} onRetry={() => void completed.refetch()} />
            ) : completed.data.length === 0 ? (
              <EmptyState icon={Trophy} title="No completed missions yet" />
            ) : (
              <ul aria-label="Completed missions" className="flex flex-col gap-2.5">
                {completed.data.map((mission) => (
                  <CompletedRow key={`${mission.id}-${mission.completedAt ?? ''}`} mission={mission} />
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </div>
      {burst && <CoinBurst key={burst.key} reward={burst.reward} />}
    </>
  );
}

function PeriodNote({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
      <Icon aria-hidden className="size-3.5" />
      {children}
    </p>
  );
}

interface MissionListProps {
  query: ReturnType<typeof useMissions>;
  missions: Mission[];
  claimingId: number | null;
  onClaim: (mission: Mission) => void;
}

function MissionList({ query, missions, claimingId, onClaim }: MissionListProps) {
  if (query.isPending) return <Placeholders />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (missions.length === 0) {
    return (
      <EmptyState
        icon={CheckCircle2}
        title="All missions completed"
        description="Check back later for new missions"
      />
    );
  }
  return (
    <ul aria-label="Missions" className="flex flex-col gap-2.5">
      {missions.map((mission) => (
        <MissionCard
          key={mission.id}
          mission={mission}
          claiming={claimingId === mission.id}
          onClaim={onClaim}
        />
      ))}
    </ul>
  );
}

function CompletedRow({ mission }: { mission: Mission }) {
  return (
    <li
      aria-label={mission.description}
      className="flex items-center gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-4"
    >
      <MissionIcon icon={mission.icon} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-semibold text-slate-100">{mission.description}</p>
        <p className="text-xs text-slate-400">{completionDate(mission)}</p>
      </div>
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300">
        <Coins aria-hidden className="size-3.5" />
        {formatNumber(mission.reward)}
      </span>
    </li>
  );
}

function Placeholders() {
  return (
    <div aria-label="Loading missions" className="flex flex-col gap-2.5">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}
