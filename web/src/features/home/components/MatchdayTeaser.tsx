import { CalendarClock, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useCurrentMatchday } from '@/lib/data/matchday';

/**
 * Home's way to the matchday: when this matchday kicks off and whether the player's lineup is in.
 * Nothing while it loads or when the matchday cannot be read (home has its own business).
 */
export function MatchdayTeaser() {
  const { data } = useCurrentMatchday();
  if (!data) return null;
  const kickoff = new Date(data.matchday.locksAt).toLocaleString('en-US', {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const open = data.matchday.state === 'open';
  return (
    <Link
      to={paths.matchday}
      className="flex items-center gap-3 rounded-2xl border border-emerald-500/20 bg-emerald-500/5 px-4 py-3 transition-colors hover:bg-emerald-500/10 focus-visible:outline-2 focus-visible:outline-emerald-400"
    >
      <CalendarClock aria-hidden className="size-6 shrink-0 text-emerald-400" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-bold text-slate-50">{`Matchday ${data.matchday.id}`}</span>
        <span className="text-xs text-slate-300">
          {open
            ? data.lineup
              ? `Your lineup is in · kickoff ${kickoff}`
              : `Field five cards before kickoff ${kickoff}`
            : 'Kicked off: see your points'}
        </span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}
