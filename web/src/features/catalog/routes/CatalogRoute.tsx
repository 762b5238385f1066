import { BookOpen, ChevronsDown, SearchX } from 'lucide-react';
import { useState } from 'react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { EmptyState } from '@/components/ui/EmptyState';
import { ProgressBar } from '@/components/ui/Progress';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useCatalog } from '@/features/cards/api';
import type { CatalogEntry } from '@/features/cards/types';
import { POSITION_FILTERS, type PositionFilter } from '@/features/cards/utils';
import { formatNumber } from '@/lib/format';

import { CatalogRow } from '../components/CatalogRow';
import {
  catalogProgress,
  catalogTeams,
  DEFAULT_CATALOG_FILTERS,
  filterCatalog,
  RARITY_FILTERS,
  type CatalogFilters,
  type RarityFilter,
} from '../utils';

/** Rows rendered at first and added by each 'Show more' (858 players would be slow at once). */
export const CATALOG_PAGE_SIZE = 100;

/** /catalog: every player, with the user's collection progress. */
export function CatalogRoute() {
  const { data: entries, isPending, isError, error, refetch, isFetching } = useCatalog();

  return (
    <>
      <Header title="Player Catalog" showBalance={false} />
      <div className="flex flex-col gap-4 px-4 py-5">
        {isPending ? (
          <div role="status" aria-label="Loading catalog" className="flex flex-col gap-3">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-11" />
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-[4.5rem] rounded-2xl" />
            ))}
          </div>
        ) : isError ? (
          <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <Catalog entries={entries} />
        )}
      </div>
    </>
  );
}

function Catalog({ entries }: { entries: CatalogEntry[] }) {
  const [filters, setFilters] = useState<CatalogFilters>(DEFAULT_CATALOG_FILTERS);
  const [limit, setLimit] = useState(CATALOG_PAGE_SIZE);
  const progress = catalogProgress(entries);
  const teams = catalogTeams(entries);
  const filtered = filterCatalog(entries, filters);
  const shown = filtered.slice(0, limit);

  function update(change: Partial<CatalogFilters>) {
    setFilters((current) => ({ ...current, ...change }));
    setLimit(CATALOG_PAGE_SIZE);
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
        <Tabs
          value={filters.position}
          onValueChange={(value) => update({ position: value as PositionFilter })}
        >
          <TabsList aria-label="Filter by position" className="overflow-x-auto [scrollbar-width:none]">
            {POSITION_FILTERS.map((option) => (
              <TabsTrigger key={option} value={option} className="flex-none px-2.5 text-xs">
                {option}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Tabs value={filters.rarity} onValueChange={(value) => update({ rarity: value as RarityFilter })}>
          <TabsList aria-label="Filter by rarity" className="overflow-x-auto [scrollbar-width:none]">
            {RARITY_FILTERS.map((option) => (
              <TabsTrigger key={option} value={option} className="flex-none px-2.5 text-xs">
                {option}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>

      <p className="text-xs font-medium text-slate-400" aria-live="polite">
        {`${formatNumber(filtered.length)} ${filtered.length === 1 ? 'player' : 'players'}`}
      </p>

      {filtered.length === 0 ? (
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
        <>
          <ul aria-label="Players" className="flex flex-col gap-2">
            {shown.map((entry) => (
              <CatalogRow key={entry.player.id} entry={entry} />
            ))}
          </ul>
          {filtered.length > shown.length && (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => setLimit((value) => value + CATALOG_PAGE_SIZE)}
            >
              <ChevronsDown aria-hidden className="size-4" />
              {`Show more (${formatNumber(filtered.length - shown.length)} left)`}
            </Button>
          )}
        </>
      )}
    </>
  );
}
