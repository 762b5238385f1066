import { CalendarClock, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useCurrentMatchday } from '@/lib/data/matchday';
import { formatWeekdayTime } from '@/lib/format';

/**
 * Home's way to the matchday: when this matchday kicks off and whether the player's lineup is in. The
 * link keeps its size while the matchday loads (or cannot be read), so nothing below it moves.
 */
export function MatchdayTeaser() {
  const { data } = useCurrentMatchday();
  const kickoff = data && formatWeekdayTime(new Date(data.matchday.locksAt));
  const line = !data
    ? 'Field five of your cards, score from the matches'
    : data.lineup
      ? `Your lineup is in · kickoff ${kickoff}`
      : `Field five cards before kickoff ${kickoff}`;
  return (
    <Link
      to={paths.matchday}
      className="flex h-16 items-center gap-3 rounded-2xl border border-emerald-500/20 bg-emerald-500/5 px-4 transition-colors hover:bg-emerald-500/10 focus-visible:outline-2 focus-visible:outline-emerald-400"
    >
      <CalendarClock aria-hidden className="size-6 shrink-0 text-emerald-400" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-bold text-slate-50">
          {data ? `Matchday ${data.matchday.id}` : 'Matchday'}
        </span>
        <span className="truncate text-xs text-slate-300">{line}</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}
