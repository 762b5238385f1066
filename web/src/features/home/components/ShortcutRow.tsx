import {
  ArrowLeftRight,
  CalendarClock,
  Gavel,
  Puzzle,
  Shield,
  Star,
  Store,
  Target,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useMissions } from '@/lib/data/missions';
import { useIncomingTradesCount } from '@/lib/data/trades';

import { claimableCount } from '../utils';

interface Shortcut {
  label: string;
  to: string;
  icon: LucideIcon;
  /** A number on the icon, with what it counts for assistive technology ('2 pending'). */
  count?: { value: number; meaning: string };
}

/**
 * The screens the six bottom tabs leave out, one tap from home: Trade Center with its pending offers,
 * Trade Marketplace, Missions with the rewards waiting to be claimed, Leaderboard, Team Rosters,
 * the Watchlist, the Auctions, the Matchday and the Challenges (five a row on a phone, all nine in one
 * row from 640 px).
 */
export function ShortcutRow() {
  const pending = useIncomingTradesCount();
  const missions = useMissions();
  const claimable = missions.data ? claimableCount(missions.data) : 0;
  const shortcuts: Shortcut[] = [
    {
      label: 'Trade Center',
      to: paths.trade,
      icon: ArrowLeftRight,
      count: { value: pending, meaning: 'pending' },
    },
    { label: 'Trade Marketplace', to: paths.tradeMarketplace, icon: Store },
    { label: 'Missions', to: paths.missions, icon: Target, count: { value: claimable, meaning: 'to claim' } },
    { label: 'Leaderboard', to: paths.leaderboard, icon: Trophy },
    { label: 'Team Rosters', to: paths.teams, icon: Shield },
    { label: 'Watchlist', to: paths.watchlist, icon: Star },
    { label: 'Auctions', to: paths.auctions, icon: Gavel },
    { label: 'Matchday', to: paths.matchday, icon: CalendarClock },
    { label: 'Challenges', to: paths.challenges, icon: Puzzle },
  ];

  return (
    <nav aria-label="Shortcuts">
      <ul className="grid grid-cols-5 gap-1 sm:grid-cols-9">
        {shortcuts.map(({ label, to, icon: Icon, count }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-1.5 rounded-xl px-0.5 py-2 text-center text-[10px] leading-tight font-semibold break-normal text-slate-300 transition-colors hover:bg-slate-900 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              <span className="relative inline-flex size-10 items-center justify-center rounded-xl border border-white/5 bg-slate-900 text-emerald-400">
                <Icon aria-hidden className="size-5" />
                {count && count.value > 0 && (
                  <span
                    aria-hidden
                    className="absolute -top-1.5 -right-1.5 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4.5 font-bold text-white"
                  >
                    {count.value}
                  </span>
                )}
              </span>
              <span>
                {label}
                {count && count.value > 0 && (
                  <span className="sr-only">{`, ${count.value} ${count.meaning}`}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
