import { format, isValid, parseISO } from 'date-fns';
import {
  Award,
  Coins,
  Crown,
  Flame,
  Gem,
  Lock,
  Medal,
  Rocket,
  Shield,
  Sparkles,
  Star,
  Target,
  Trophy,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { paths } from '@/config/paths';
import type { Badge, BadgeDefinition, Mission } from '@touchline/contract';
import { MissionIcon } from '@/components/missions/MissionIcon';
import { Skeleton } from '@/components/ui/Skeleton';
import { useBadgeCatalogue, useCompletedMissions } from '@/lib/data/missions';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/cn';

const ICONS: Record<string, LucideIcon> = {
  award: Award,
  crown: Crown,
  flame: Flame,
  fire: Flame,
  gem: Gem,
  diamond: Gem,
  medal: Medal,
  rocket: Rocket,
  shield: Shield,
  sparkles: Sparkles,
  star: Star,
  target: Target,
  trophy: Trophy,
  zap: Zap,
  bolt: Zap,
};

/** A badge icon: a known icon name, an emoji as text, else a medal. */
function BadgeIcon({ icon }: { icon: string }) {
  const name = icon.trim().toLowerCase();
  const Icon = ICONS[name];
  if (Icon) return <Icon aria-hidden className="size-6" />;
  if (name && !/^[a-z0-9_-]+$/.test(name)) {
    return (
      <span aria-hidden className="text-2xl leading-none">
        {icon}
      </span>
    );
  }
  return <Award aria-hidden className="size-6" />;
}

function earnedText(earnedAt: string): string | null {
  if (!earnedAt) return null;
  const date = parseISO(earnedAt);
  return isValid(date) ? `Earned ${format(date, 'MMM d, yyyy')}` : null;
}

/** The badges not earned yet, from the catalogue of every badge, in its order. */
export function lockedBadges(
  earned: readonly Badge[],
  catalogue: readonly BadgeDefinition[],
): BadgeDefinition[] {
  const have = new Set(earned.map((badge) => badge.name));
  return catalogue.filter((badge) => !have.has(badge.name));
}

/**
 * Achievements tab: the badges earned, then the ones still locked with what earns them, and the completed
 * missions; without any achievement yet, a nudge towards missions above the locked badges.
 */
export function ProfileAchievements({ badges }: { badges: Badge[] }) {
  const completed = useCompletedMissions();
  const catalogue = useBadgeCatalogue();
  const missions = completed.data ?? [];
  const locked = lockedBadges(badges, catalogue.data ?? []);

  if (badges.length === 0 && (completed.isPending || catalogue.isPending)) {
    return <Skeleton className="h-40 rounded-2xl" />;
  }
  const nothingYet = badges.length === 0 && missions.length === 0;

  return (
    <div className="flex flex-col gap-5">
      {nothingYet && (
        <EmptyState
          icon={Trophy}
          title="No achievements yet"
          description="Complete missions to earn your first badges."
          action={
            <Link to={paths.missions} className={buttonClasses('primary', 'sm')}>
              <Target aria-hidden className="size-3.5" />
              Complete Missions
            </Link>
          }
        />
      )}
      {badges.length + locked.length > 0 && <BadgeGrid earned={badges} locked={locked} />}
      {missions.length > 0 && <CompletedMissions missions={missions} />}
    </div>
  );
}

const tile = 'flex flex-col items-center gap-2 rounded-2xl border px-3 py-4 text-center';
const medallion = 'flex size-12 items-center justify-center rounded-2xl';

function BadgeGrid({ earned, locked }: { earned: Badge[]; locked: BadgeDefinition[] }) {
  const total = earned.length + locked.length;
  return (
    <section aria-labelledby="profile-badges" className="flex flex-col gap-2.5">
      <div className="flex items-baseline justify-between">
        <h3 id="profile-badges" className="text-sm font-bold text-slate-200">
          Badges
        </h3>
        {locked.length > 0 && (
          <span className="text-xs text-slate-400">{`${earned.length} of ${total} earned`}</span>
        )}
      </div>
      <ul aria-label="Badges" className="grid grid-cols-2 gap-2.5 lg:grid-cols-4">
        {earned.map((badge) => (
          <li
            key={badge.name}
            aria-label={`${badge.name}, earned`}
            className={cn(tile, 'border-amber-400/25 bg-amber-400/[0.06]')}
          >
            <span
              className={cn(
                medallion,
                'bg-linear-to-br from-amber-300 to-amber-600 text-slate-950 shadow-lg shadow-amber-500/20',
              )}
            >
              <BadgeIcon icon={badge.icon} />
            </span>
            <p className="text-sm font-bold text-slate-50">{badge.name}</p>
            <p className="text-xs text-slate-400">{badge.description}</p>
            <p className="text-[11px] font-medium text-slate-400">{earnedText(badge.earnedAt) ?? 'Earned'}</p>
          </li>
        ))}
        {locked.map((badge) => (
          <li
            key={badge.name}
            aria-label={`${badge.name}, locked`}
            className={cn(tile, 'border-white/5 bg-slate-900/60')}
          >
            <span className={cn(medallion, 'bg-slate-800 text-slate-400')}>
              <Lock aria-hidden className="size-5" />
            </span>
            <p className="text-sm font-bold text-slate-300">{badge.name}</p>
            <p className="text-xs text-slate-400">{badge.howToEarn}</p>
            {badge.progress && <BadgeProgress {...badge.progress} name={badge.name} />}
            <p className="text-[11px] font-medium text-slate-400">Locked</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A locked badge's way to go: '19,078 / 25,000' over a bar. */
function BadgeProgress({ current, target, name }: { current: number; target: number; name: string }) {
  const percent = target > 0 ? Math.min(100, (current / target) * 100) : 0;
  return (
    <div className="flex w-full flex-col items-center gap-1">
      <div
        role="progressbar"
        aria-label={`${name} progress`}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={current}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full rounded-full bg-emerald-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-[11px] font-semibold text-slate-300 tabular-nums">{`${formatNumber(current)} / ${formatNumber(target)}`}</p>
    </div>
  );
}

function completedOn(completedAt: string | null): string {
  const date = completedAt ? parseISO(completedAt) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy') : 'Unknown date';
}

function CompletedMissions({ missions }: { missions: Mission[] }) {
  return (
    <section aria-labelledby="profile-completed-missions" className="flex flex-col gap-2.5">
      <h3 id="profile-completed-missions" className="text-sm font-bold text-slate-200">
        Completed Missions
      </h3>
      <ul aria-label="Completed missions" className="flex flex-col gap-2">
        {missions.map((mission) => (
          <li
            key={`${mission.id}-${mission.claimedAt ?? ''}`}
            aria-label={mission.description}
            className="flex items-center gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-3"
          >
            <MissionIcon icon={mission.icon} className="size-9" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="truncate text-sm font-semibold text-slate-100">{mission.description}</p>
              <p className="text-xs text-slate-400">{completedOn(mission.completedAt)}</p>
            </div>
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-300">
              <Coins aria-hidden className="size-3.5" />
              {formatNumber(mission.reward)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
