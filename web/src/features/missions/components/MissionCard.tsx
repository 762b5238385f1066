import { CheckCircle2, Coins } from 'lucide-react';

import type { Mission } from '@touchline/contract';
import { MissionIcon } from '@/components/missions/MissionIcon';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/Progress';
import { formatNumber } from '@/lib/format';
import { percentOf } from '@/lib/progress';

export interface MissionCardProps {
  mission: Mission;
  /** This mission's claim is on its way. */
  claiming: boolean;
  onClaim: (mission: Mission) => void;
}

/** One mission: icon, description, progress/target with its bar, reward, and its claim state. */
export function MissionCard({ mission, claiming, onClaim }: MissionCardProps) {
  const claimable = mission.progress >= mission.target && !mission.claimed;
  return (
    <li
      aria-label={mission.description}
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-4"
    >
      <div className="flex items-start gap-3">
        <MissionIcon icon={mission.icon} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold text-slate-100">{mission.description}</p>
          <p className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300">
            <Coins aria-hidden className="size-3.5" />
            {`${formatNumber(mission.reward)} coins`}
          </p>
        </div>
        {mission.claimed ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-semibold text-emerald-300">
            <CheckCircle2 aria-hidden className="size-3.5" />
            Claimed
          </span>
        ) : claimable ? (
          <Button size="sm" disabled={claiming} onClick={() => onClaim(mission)}>
            {claiming ? 'Claiming...' : 'Claim'}
          </Button>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <ProgressBar
          toned
          value={percentOf(mission.progress, mission.target)}
          label={`${mission.description} progress`}
        />
        <span className="shrink-0 text-xs font-medium text-slate-400 tabular-nums">
          {`${formatNumber(Math.min(mission.progress, mission.target))}/${formatNumber(mission.target)}`}
        </span>
      </div>
    </li>
  );
}
