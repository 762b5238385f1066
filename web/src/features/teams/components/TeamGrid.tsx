import { ChevronRight } from 'lucide-react';

import { TeamLogo } from '@/components/cards/TeamCrest';
import type { Team } from '@touchline/contract';

/** The teams as a two-column grid of crests; a tap opens the roster. */
export function TeamGrid({ teams, onSelect }: { teams: Team[]; onSelect: (team: Team) => void }) {
  return (
    <ul aria-label="Teams" className="grid grid-cols-2 gap-2.5 lg:grid-cols-4">
      {teams.map((team) => (
        <li key={team.id}>
          <button
            type="button"
            onClick={() => onSelect(team)}
            className="group relative flex h-full w-full flex-col items-center gap-2 overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70 px-3 pt-4 pb-3 text-center transition-colors hover:border-white/10 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            <span
              aria-hidden
              className="absolute inset-x-0 top-0 h-1"
              style={{ background: `linear-gradient(90deg, ${team.primaryColor}, ${team.secondaryColor})` }}
            />
            <span
              aria-hidden
              className="absolute -top-10 left-1/2 size-24 -translate-x-1/2 rounded-full opacity-25 blur-2xl"
              style={{ backgroundColor: team.primaryColor }}
            />
            <TeamLogo team={team} className="relative h-14 w-12 transition-transform group-hover:scale-105" />
            <span className="relative line-clamp-2 text-sm leading-tight font-bold text-slate-50">
              {team.name}
            </span>
            <span className="relative inline-flex items-center gap-0.5 text-[11px] font-medium text-slate-400">
              {`${team.playerCount} players`}
              <ChevronRight aria-hidden className="size-3" />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
