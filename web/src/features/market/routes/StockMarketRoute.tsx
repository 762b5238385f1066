import { format } from 'date-fns';
import { ChevronRight, LineChart, SearchX, Shield, Table2, Users } from 'lucide-react';
import { useState } from 'react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { TeamLogo } from '@/components/cards/TeamCrest';
import type { Player } from '@touchline/contract';
import { positionShort, type PositionFilter } from '@/lib/positions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useWindowList } from '@/lib/use-window-list';

import { useAllPlayers } from '@/lib/data/market';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { PricesUpdated } from '@/components/market/PricesUpdated';
import { MarketStatusBanner } from '../components/MarketStatusBanner';
import { MarketTabs } from '@/components/market/MarketTabs';
import { PlayerSortSelect, playerCountText, PositionChips } from '../components/PlayerListControls';
import { PriceChartDialog } from '../components/PriceChartDialog';
import { StockChange } from '../components/StockChange';
import type { PlayerSort as PlayerSortKey } from '@touchline/contract';
import { filterPlayers, groupPlayersByTeam, PLAYER_SORTS, positionParam, type TeamGroup } from '../utils';

/** Heights in px before a row is measured: a table row, a team's header and a team's player row. */
const TABLE_ROW_HEIGHT = 53;
const TEAM_HEADER_HEIGHT = 58;
const TEAM_ROW_HEIGHT = 53;
/** The gap-3 between teams, in px. */
const TEAM_GAP = 12;

type StockView = 'table' | 'team';

/** /market/stock ('Player Market'): every player's price and 24h change, as a table or by team. */
export function StockMarketRoute() {
  const [position, setPosition] = useState<PositionFilter>('All');
  const [sort, setSort] = useState<PlayerSortKey>('price_desc');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<StockView>('table');
  const [chartedId, setChartedId] = useState<number | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const players = useAllPlayers({ position: positionParam(position), sort, search: debouncedSearch });
  const shown = players.data ? filterPlayers(players.data, position, search, sort) : [];
  // Kept by id so the chart's price follows the ticks patched into the list.
  const charted = chartedId === null ? null : (players.data?.find((p) => p.id === chartedId) ?? null);
  const setCharted = (player: Player) => setChartedId(player.id);

  function showAll() {
    setPosition('All');
    setSearch('');
  }

  let body;
  if (players.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
          <Spinner size="sm" label={null} className="text-emerald-400" />
          Please wait one moment while all player values load...
        </p>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-11" />
        ))}
      </div>
    );
  } else if (players.isError && !players.data) {
    body = (
      <QueryError
        error={players.error}
        onRetry={() => void players.refetch()}
        retrying={players.isFetching}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No players match your filter"
        action={
          <Button size="sm" variant="outline" onClick={showAll}>
            Show All Players
          </Button>
        }
      />
    );
  } else {
    body = (
      <Tabs value={view} onValueChange={(value) => setView(value as StockView)}>
        <TabsList aria-label="Stock market view">
          <TabsTrigger value="table" className="text-xs">
            <Table2 aria-hidden className="size-3.5" />
            Table View
          </TabsTrigger>
          <TabsTrigger value="team" className="text-xs">
            <Users aria-hidden className="size-3.5" />
            By Team
          </TabsTrigger>
        </TabsList>
        <TabsContent value="table" className="flex flex-col gap-3">
          <PlayerTable players={shown} onSelect={setCharted} />
        </TabsContent>
        <TabsContent value="team">
          <TeamGroups groups={groupPlayersByTeam(shown)} onSelect={setCharted} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <>
      <Header title="Player Market" />
      <div className="flex flex-col gap-4 px-4 py-5">
        <MarketStatusBanner />
        <MarketTabs />
        <div className="flex items-end justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-0.5">
            <h2 className="flex items-center gap-2 text-base font-bold text-slate-50">
              <LineChart aria-hidden className="size-4 shrink-0 text-emerald-400" />
              MLS Players Stock Market
            </h2>
            <p className="text-xs text-slate-400">{format(new Date(), 'EEEE, MMMM d, yyyy')}</p>
            {/* Its line is kept while loading, so the table below does not move when it appears. */}
            <div className="min-h-4">
              {players.data && <PricesUpdated fetchedAt={players.dataUpdatedAt} />}
            </div>
          </div>
          {players.data && (
            <p className="shrink-0 text-xs font-medium text-slate-400" aria-live="polite">
              {playerCountText(shown.length)}
            </p>
          )}
        </div>
        <SearchInput placeholder="Search players..." value={search} onValueChange={setSearch} />
        <PositionChips value={position} onChange={setPosition} />
        <PlayerSortSelect options={PLAYER_SORTS} value={sort} onChange={setSort} />
        {body}
      </div>
      <PriceChartDialog player={charted} onClose={() => setChartedId(null)} />
    </>
  );
}

/** Every player, in the page's scroll: only the rows on screen are drawn, spacer rows stand for the rest. */
function PlayerTable({ players, onSelect }: { players: Player[]; onSelect: (player: Player) => void }) {
  const { attachList, items, before, after, measureRow } = useWindowList({
    count: players.length,
    estimateSize: TABLE_ROW_HEIGHT,
  });
  return (
    <div className="overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70">
      <table aria-rowcount={players.length + 1} className="w-full table-fixed text-left text-xs">
        <thead className="bg-slate-900 text-[10px] tracking-wide text-slate-400 uppercase">
          <tr>
            <th scope="col" className="w-[52%] py-2.5 pr-1 pl-3 font-semibold">
              Player
            </th>
            <th scope="col" className="w-[26%] px-1 py-2.5 text-right font-semibold">
              Current Price
            </th>
            <th scope="col" className="w-[22%] py-2.5 pr-3 pl-1 text-right font-semibold">
              24h Change
            </th>
          </tr>
        </thead>
        <tbody ref={attachList} className="divide-y divide-white/5">
          <SpacerRow height={before} />
          {items.map(({ index }) => {
            const player = players[index]!;
            return (
              <tr
                key={player.id}
                data-player-id={player.id}
                ref={measureRow}
                data-index={index}
                aria-rowindex={index + 2}
                onClick={() => onSelect(player)}
                className="cursor-pointer transition-colors hover:bg-slate-800/50"
              >
                <td className="py-2 pr-1 pl-3 lg:py-1">
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(player);
                    }}
                    className="flex w-full min-w-0 items-center gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-emerald-400"
                  >
                    <TeamLogo team={player.team} className="h-7 w-6" />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate text-sm font-semibold text-slate-100">
                        {player.name}
                        <span className="sr-only">,</span>
                      </span>
                      <span className="truncate text-[11px] text-slate-400">
                        {`${positionShort(player)} · ${player.team.abbreviation || player.team.name}`}
                        {/* Named by what it shows (WCAG 2.5.3), then what it opens. */}
                        <span className="sr-only">, price chart</span>
                      </span>
                    </span>
                  </button>
                </td>
                <td className="px-1 py-2 text-right lg:py-1">
                  <LiveCoinAmount value={player.currentPrice} />
                </td>
                <td className="py-2 pr-3 pl-1 text-right lg:py-1">
                  <StockChange value={player.priceChange} />
                </td>
              </tr>
            );
          })}
          <SpacerRow height={after} />
        </tbody>
      </table>
    </div>
  );
}

/** The height of the rows not drawn, above or below the drawn ones. */
function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={3} className="p-0" style={{ height }} />
    </tr>
  );
}

/** Every team, in the page's scroll: only the teams on screen are drawn. */
function TeamGroups({ groups, onSelect }: { groups: TeamGroup[]; onSelect: (player: Player) => void }) {
  const { attachList, items, before, after, measureRow } = useWindowList({
    count: groups.length,
    estimateSize: (index) => TEAM_HEADER_HEIGHT + groups[index]!.players.length * TEAM_ROW_HEIGHT,
    gap: TEAM_GAP,
    overscan: 1,
  });
  return (
    <div
      ref={attachList}
      className="flex flex-col gap-3"
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {items.map(({ index }) => {
        const group = groups[index]!;
        return (
          <section
            key={group.name}
            ref={measureRow}
            data-index={index}
            aria-label={group.name}
            className="overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70"
          >
            <header className="flex items-center gap-3 border-b border-white/5 px-3 py-2.5">
              {group.team ? (
                <TeamLogo team={group.team} className="h-9 w-8" />
              ) : (
                <Shield aria-hidden className="size-8 text-slate-400" />
              )}
              <h3 className="min-w-0 flex-1 truncate text-sm font-bold text-slate-50">{group.name}</h3>
              <span className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-[11px] font-semibold text-slate-300">
                {`${group.players.length} ${group.players.length === 1 ? 'player' : 'players'}`}
              </span>
            </header>
            <ul className="divide-y divide-white/5">
              {group.players.map((player) => (
                <li key={player.id} data-player-id={player.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(player)}
                    className="flex w-full items-center gap-2 px-3 py-2 text-left transition-colors hover:bg-slate-800/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400"
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate text-sm font-semibold text-slate-100">
                        {player.name}
                        <span className="sr-only">,</span>
                      </span>
                      <span className="text-[11px] text-slate-400">
                        {positionShort(player)}
                        <span className="sr-only">, price chart</span>
                      </span>
                    </span>
                    <LiveCoinAmount value={player.currentPrice} />
                    <StockChange value={player.priceChange} className="w-14 text-right" />
                    <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-600" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
