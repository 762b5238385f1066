import { BookOpen, ChevronRight, SearchX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chips } from '@/components/ui/Chips';
import { EmptyState } from '@/components/ui/EmptyState';
import { ProgressBar } from '@/components/ui/Progress';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { teamRosterPath } from '@/config/paths';
import { useCatalog, useTeamsWithPlayerCounts } from '@/lib/data/cards';
import { itemsOf, totalOf } from '@/lib/data/pages';
import type { CatalogEntry } from '@touchline/contract';
import { POSITION_FILTERS, type PositionFilter } from '@/lib/positions';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useColumns } from '@/lib/use-columns';
import { useWindowList } from '@/lib/use-window-list';

import { CatalogRow } from '../components/CatalogRow';
import {
  catalogProgress,
  catalogQuery,
  catalogTeams,
  DEFAULT_CATALOG_FILTERS,
  filterCatalog,
  RARITY_FILTERS,
  type CatalogFilters,
  type RarityFilter,
} from '../utils';

// The card popup (Radix Dialog) is its own chunk, fetched when a row is first tapped.
const PlayerDetailDialog = lazy(() =>
  import('@/components/cards/PlayerDetailDialog').then((m) => ({ default: m.PlayerDetailDialog })),
);

/** A catalog row's height before it is measured: the art (w-11) plus the row's padding. */
const ROW_HEIGHT = 86;
/** The list's gap-2 between grid rows, in px. */
const ROW_GAP = 8;
/** Rows before the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD_ROWS = 15;

/** /catalog: every player, with the user's collection progress; the server filters and pages it. */
export function CatalogRoute() {
  const [filters, setFilters] = useState<CatalogFilters>(DEFAULT_CATALOG_FILTERS);
  const debouncedSearch = useDebouncedValue(filters.search.trim());
  const catalog = useCatalog(catalogQuery(filters, debouncedSearch));
  const { isPending, isError, error, refetch, isFetching } = catalog;
  const [selected, setSelected] = useState<CatalogEntry | null>(null);
  // The dialog stays mounted once opened, so that closing it keeps its exit animation.
  const [opened, setOpened] = useState(false);
  const open = (entry: CatalogEntry) => {
    setSelected(entry);
    setOpened(true);
  };

  return (
    <>
      <Header title="Player Catalog" />
      <div className="flex flex-col gap-4 px-4 py-5">
        {isPending ? (
          <div role="status" aria-label="Loading catalog" className="flex flex-col gap-3">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-11" />
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-[4.5rem] rounded-2xl" />
            ))}
          </div>
        ) : isError && !catalog.data ? (
          <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <Catalog catalog={catalog} filters={filters} onFilters={setFilters} onOpen={open} />
        )}
      </div>
      <Suspense fallback={null}>
        {opened && <PlayerDetailDialog player={selected?.player ?? null} onClose={() => setSelected(null)} />}
      </Suspense>
    </>
  );
}

interface CatalogProps {
  catalog: ReturnType<typeof useCatalog>;
  filters: CatalogFilters;
  onFilters: (update: (current: CatalogFilters) => CatalogFilters) => void;
  onOpen: (entry: CatalogEntry) => void;
}

function Catalog({ catalog, filters, onFilters, onOpen }: CatalogProps) {
  const { data: withCounts } = useTeamsWithPlayerCounts();
  const pages = catalog.data;
  const newest = pages?.pages[pages.pages.length - 1];
  const entries = itemsOf(pages, (entry) => entry.player.id);
  const progress = catalogProgress(newest?.collectedPlayers ?? 0, newest?.totalPlayers ?? 0);
  const teams = catalogTeams(entries, withCounts);
  const selectedTeam = teams.find((team) => team.id === filters.teamId);
  // The pages hold the server's answer to the filters; filtered here too, so a list shown while
  // another filter loads already matches it. Counted by the server unless that list is shown.
  const filtered = filterCatalog(entries, filters);
  const exact = !catalog.isPlaceholderData && filtered.length === entries.length;
  const count = exact ? totalOf(pages) : filtered.length;
  const more = catalog.hasNextPage;
  const canLoadMore = more && !catalog.isFetchingNextPage && exact;
  const loadMore = () => {
    if (canLoadMore) void catalog.fetchNextPage();
  };

  function update(change: Partial<CatalogFilters>) {
    onFilters((current) => ({ ...current, ...change }));
  }

  return (
    <>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 text-sm font-bold text-slate-50">
            <BookOpen aria-hidden className="size-4 text-emerald-400" />
            Collection Progress
          </h2>
          <span className="text-lg font-black text-emerald-300 tabular-nums">{`${progress.percent}%`}</span>
        </div>
        <ProgressBar value={progress.percent} label="Collection Progress" />
        <p className="text-xs text-slate-400">
          {`${formatNumber(progress.collected)} / ${formatNumber(progress.total)} players collected`}
        </p>
      </Card>

      <div className="flex flex-col gap-3">
        <SearchInput
          placeholder="Search players..."
          value={filters.search}
          onValueChange={(search) => update({ search })}
        />
        <Select
          aria-label="Filter by team"
          value={String(filters.teamId)}
          onChange={(event) =>
            update({ teamId: event.target.value === 'all' ? 'all' : Number(event.target.value) })
          }
        >
          <option value="all">All Teams</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
        {selectedTeam && (
          <Link
            to={teamRosterPath(selectedTeam.id)}
            className="inline-flex items-center gap-1 self-end text-xs font-semibold text-emerald-300 hover:text-emerald-200"
          >
            {`View ${selectedTeam.name} roster`}
            <ChevronRight aria-hidden className="size-3.5" />
          </Link>
        )}
        {/* Filters are toggle buttons, not tabs: there is no panel per choice, one list for all. */}
        <Chips
          label="Filter by position"
          options={POSITION_FILTERS}
          value={filters.position}
          onChange={(position: PositionFilter) => update({ position })}
        />
        <Chips
          label="Filter by rarity"
          options={RARITY_FILTERS}
          value={filters.rarity}
          onChange={(rarity: RarityFilter) => update({ rarity })}
        />
      </div>

      <p className="text-xs font-medium text-slate-400" aria-live="polite">
        {`${formatNumber(count)} ${count === 1 ? 'player' : 'players'}`}
      </p>

      {filtered.length === 0 && (more || catalog.isPlaceholderData) ? (
        <div role="status" aria-label="Loading catalog" className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-[4.5rem] rounded-2xl" />
          ))}
        </div>
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No players found matching your filters."
          action={
            <Button size="sm" variant="outline" onClick={() => update(DEFAULT_CATALOG_FILTERS)}>
              Clear Filters
            </Button>
          }
        />
      ) : (
        <PlayerRows entries={filtered} total={count} onNearEnd={loadMore} onOpen={onOpen} />
      )}
    </>
  );
}

interface PlayerRowsProps {
  entries: CatalogEntry[];
  /** Every player passing the filters, loaded or not. */
  total: number;
  /** The rows drawn come near the end of the loaded ones: the next page is asked for. */
  onNearEnd: () => void;
  onOpen: (entry: CatalogEntry) => void;
}

/**
 * Every player that passes the filters, in the page's scroll: only the rows on screen are drawn,
 * and the next page loads as they near the end of the loaded ones. From 1024 px the players stand in
 * two columns, from 1280 px in three: the list draws whole rows of that grid.
 */
function PlayerRows({ entries, total, onNearEnd, onOpen }: PlayerRowsProps) {
  const columns = useColumns();
  const { attachList, items, before, after, measureRow } = useWindowList({
    count: Math.ceil(entries.length / columns),
    estimateSize: ROW_HEIGHT,
    gap: ROW_GAP,
  });
  const lastDrawn = ((items[items.length - 1]?.index ?? -1) + 1) * columns - 1;
  const nearEnd = lastDrawn >= entries.length - LOAD_AHEAD_ROWS * columns;
  useEffect(() => {
    if (nearEnd) onNearEnd();
  });
  return (
    <ul
      ref={attachList}
      aria-label="Players"
      className="grid grid-cols-1 gap-2 lg:grid-cols-2 xl:grid-cols-3"
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {items.flatMap((item) =>
        entries.slice(item.index * columns, (item.index + 1) * columns).map((entry, column) => {
          const index = item.index * columns + column;
          return (
            // A grid row's first player is measured for the row (its cells share the row's height).
            <CatalogRow
              key={entry.player.id}
              ref={column === 0 ? measureRow : undefined}
              data-index={item.index}
              aria-setsize={total}
              aria-posinset={index + 1}
              entry={entry}
              onOpen={onOpen}
            />
          );
        }),
      )}
    </ul>
  );
}
