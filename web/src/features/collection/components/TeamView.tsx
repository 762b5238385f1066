import {
  ChevronDown,
  ChevronRight,
  Coins,
  Layers,
  Shield,
  SearchX,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ProgressBar } from '@/components/ui/Progress';
import { Skeleton } from '@/components/ui/Skeleton';
import { useTeamsWithPlayerCounts } from '@/lib/data/cards';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { CardTile } from '@/components/cards/CardTile';
import type { Card } from '@touchline/contract';
import { matchesCardSearch } from '@/lib/cards';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { teamRosterPath } from '@/config/paths';

import { collectionStats, teamProgress, type TeamProgress } from '../utils';

export interface TeamViewProps {
  /** Every card of the user. */
  cards: Card[];
  search: string;
  onSelect: (card: Card) => void;
  onClearFilters: () => void;
}

/** Team View: collection summary and an accordion of every team with its completion. */
export function TeamView({ cards, search, onSelect, onClearFilters }: TeamViewProps) {
  const teams = useTeamsWithPlayerCounts();
  const stats = collectionStats(cards);

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2">
        <SummaryTile icon={Layers} label="Total Cards" value={formatNumber(stats.totalCards)} />
        <SummaryTile icon={Users} label="Unique Players" value={formatNumber(stats.uniquePlayers)} />
        <SummaryTile icon={Trophy} label="Most Collected Team" value={stats.mostCollectedTeam ?? '—'} small />
        <SummaryTile
          icon={Coins}
          label="Collection Value"
          value={formatNumber(stats.collectionValue)}
          accent
        />
      </dl>

      {teams.isPending ? (
        <div role="status" aria-label="Loading teams" className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-[4.5rem]" />
          ))}
        </div>
      ) : teams.isError ? (
        <QueryError error={teams.error} onRetry={() => void teams.refetch()} retrying={teams.isFetching} />
      ) : (
        <TeamAccordion
          progress={teamProgress(teams.data, cards)}
          search={search}
          onSelect={onSelect}
          onClearFilters={onClearFilters}
        />
      )}
    </div>
  );
}

function TeamAccordion({
  progress,
  search,
  onSelect,
  onClearFilters,
}: {
  progress: TeamProgress[];
  search: string;
  onSelect: (card: Card) => void;
  onClearFilters: () => void;
}) {
  const searching = search.trim() !== '';
  const rows = progress
    .map((entry) => ({
      entry,
      shown: searching
        ? entry.players.filter(({ player }) => matchesCardSearch(player, search))
        : entry.players,
    }))
    .filter(({ shown }) => !searching || shown.length > 0);

  if (rows.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="No cards match your filters"
        action={
          <Button size="sm" variant="outline" onClick={onClearFilters}>
            Clear Filters
          </Button>
        }
      />
    );
  }

  return (
    <section aria-label="Teams" className="flex flex-col gap-2">
      {rows.map(({ entry, shown }) => (
        <TeamItem
          key={`${entry.team.id}-${searching ? 'search' : 'all'}`}
          progress={entry}
          players={shown}
          defaultOpen={searching}
          onSelect={onSelect}
        />
      ))}
    </section>
  );
}

function TeamItem({
  progress,
  players,
  defaultOpen,
  onSelect,
}: {
  progress: TeamProgress;
  players: TeamProgress['players'];
  defaultOpen: boolean;
  onSelect: (card: Card) => void;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const headerId = useId();
  const { team, percent, rosterSize, cardCount } = progress;

  return (
    <div
      data-testid={`team-${team.id}`}
      className={cn(
        'overflow-hidden rounded-2xl border bg-slate-900/70 transition-colors',
        open ? 'border-white/10' : 'border-white/5',
      )}
    >
      <h3>
        <button
          type="button"
          id={headerId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400"
        >
          <TeamLogo team={team} className="h-10 w-9" />
          <span className="flex min-w-0 flex-1 flex-col gap-1.5">
            <span className="flex items-baseline justify-between gap-2">
              <span className="truncate text-sm font-bold text-slate-50">{team.name}</span>
              <span className="shrink-0 text-sm font-black text-slate-100 tabular-nums">{`${percent}%`}</span>
            </span>
            <ProgressBar value={percent} label={`${team.name} completion`} toned className="h-1.5" />
            <span className="flex items-center justify-between gap-2 text-[11px] font-medium text-slate-400">
              <span>{`${progress.players.length}/${rosterSize} players`}</span>
              <span>{`${cardCount} ${cardCount === 1 ? 'card' : 'cards'}`}</span>
            </span>
          </span>
          <ChevronDown
            aria-hidden
            className={cn('size-4 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headerId}
          className="flex flex-col gap-3 border-t border-white/5 px-3 pt-3 pb-4"
        >
          <Link
            to={teamRosterPath(team.id)}
            className="inline-flex items-center gap-1 self-end text-xs font-semibold text-emerald-300 hover:text-emerald-200"
          >
            {`View ${team.name} roster`}
            <ChevronRight aria-hidden className="size-3.5" />
          </Link>
          {players.length === 0 ? (
            <p className="flex items-center gap-2 text-xs text-slate-400">
              <Shield aria-hidden className="size-3.5" />
              No cards from this club yet
            </p>
          ) : (
            <ul
              aria-label={`${team.name} players`}
              className="grid grid-cols-4 gap-x-2 gap-y-3 lg:grid-cols-6 xl:grid-cols-8"
            >
              {players.map(({ player, cards }) => (
                <li key={player.id} className="flex flex-col gap-1">
                  <CardTile
                    card={cards.find((card) => card.forSale) ?? cards[0]!}
                    onSelect={onSelect}
                    badge={`×${cards.length}`}
                  />
                  <span className="truncate text-center text-[10px] font-medium text-slate-400">
                    {player.name}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function SummaryTile({
  icon: Icon,
  label,
  value,
  accent = false,
  small = false,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  accent?: boolean;
  small?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl border border-white/5 bg-slate-900/70 px-3 py-3">
      <dt className="text-[11px] font-medium text-slate-400">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1.5">
        <Icon aria-hidden className={cn('size-4 shrink-0', accent ? 'text-amber-300' : 'text-emerald-400')} />
        <span
          className={cn(
            'truncate font-bold',
            small ? 'text-sm' : 'text-lg',
            accent ? 'text-amber-300' : 'text-slate-50',
          )}
        >
          {value}
        </span>
      </dd>
    </div>
  );
}
