import type { Standings } from '@touchline/contract';

import { formatPoints } from '../utils';

/** The latest scored matchday's best lineups, and the player's own place below them. */
export function StandingsList({ standings }: { standings: Standings }) {
  if (!standings.matchday) return <p className="text-sm text-slate-400">No matchday has been scored yet.</p>;
  const mineShown = standings.mine && standings.entries.some((e) => e.user.id === standings.mine!.user.id);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-400">{`Matchday ${standings.matchday.id} · ${standings.matchday.entries} lineups`}</p>
      <ol aria-label={`Matchday ${standings.matchday.id} standings`} className="flex flex-col gap-1.5">
        {standings.entries.map((entry) => (
          <li
            key={entry.user.id}
            aria-current={entry.user.id === standings.mine?.user.id ? 'true' : undefined}
            className="flex items-center justify-between gap-3 rounded-lg bg-slate-900/60 px-3 py-2 text-sm aria-[current=true]:bg-emerald-500/10"
          >
            <span className="flex min-w-0 items-center gap-2">
              <span className="w-8 shrink-0 font-bold text-slate-400 tabular-nums">{`#${entry.rank}`}</span>
              <span className="truncate text-slate-100">{entry.user.username}</span>
            </span>
            <span className="shrink-0 font-semibold text-slate-50 tabular-nums">{`${formatPoints(entry.points)} pts`}</span>
          </li>
        ))}
      </ol>
      {standings.mine && !mineShown && (
        <p className="text-sm text-slate-300">{`You: #${standings.mine.rank} with ${formatPoints(standings.mine.points)} points`}</p>
      )}
    </div>
  );
}
