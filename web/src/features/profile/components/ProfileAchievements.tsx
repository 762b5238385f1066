import { format, isValid, parseISO } from 'date-fns';
import {
  Award,
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
import type { Badge } from '@/features/auth/api';
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

function earnedText(earnedAt: string | null): string | null {
  if (!earnedAt) return null;
  const date = parseISO(earnedAt);
  return isValid(date) ? `Earned ${format(date, 'MMM d, yyyy')}` : null;
}

/** Achievements tab: the user's badges, or a nudge towards missions. */
export function ProfileAchievements({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) {
    return (
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
    );
  }

  return (
    <ul aria-label="Badges" className="grid grid-cols-2 gap-2.5">
      {badges.map((badge) => {
        const earned = earnedText(badge.earnedAt);
        return (
          <li
            key={badge.name}
            className={cn(
              'flex flex-col items-center gap-2 rounded-2xl border px-3 py-4 text-center',
              earned
                ? 'border-amber-400/25 bg-amber-400/[0.06]'
                : 'border-white/5 bg-slate-900/60 opacity-70',
            )}
          >
            <span
              className={cn(
                'flex size-12 items-center justify-center rounded-2xl',
                earned
                  ? 'bg-linear-to-br from-amber-300 to-amber-600 text-slate-950 shadow-lg shadow-amber-500/20'
                  : 'bg-slate-800 text-slate-500',
              )}
            >
              {earned ? <BadgeIcon icon={badge.icon} /> : <Lock aria-hidden className="size-5" />}
            </span>
            <p className="text-sm font-bold text-slate-50">{badge.name}</p>
            <p className="text-xs text-slate-400">{badge.description}</p>
            <p className="text-[11px] font-medium text-slate-500">{earned ?? 'Not earned yet'}</p>
          </li>
        );
      })}
    </ul>
  );
}
