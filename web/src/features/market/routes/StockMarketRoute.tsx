import { format } from 'date-fns';
import { ChevronRight, ChevronsDown, LineChart, SearchX, Shield, Table2, Users } from 'lucide-react';
import { useState } from 'react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { ClubLogo } from '@/features/cards/components/ClubCrest';
import type { Player } from '@/features/cards/types';
import { positionShort, type PositionFilter } from '@/features/cards/utils';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useAllPlayers } from '../api';
import { CoinAmount } from '../components/CoinAmount';
import { MarketStatusBanner } from '../components/MarketStatusBanner';
import { MarketTabs } from '../components/MarketTabs';
import { PlayerSortSelect, playerCountText, PositionChips } from '../components/PlayerListControls';
import { PriceChartDialog } from '../components/PriceChartDialog';
import { StockChange } from '../components/StockChange';
import type { PlayerSortKey } from '../types';
import { filterPlayers, groupPlayersByTeam, PLAYER_SORTS, positionParam, type TeamGroup } from '../utils';

/** Table rows rendered at first and added by each 'Show more'. */
export const STOCK_PAGE_SIZE = 100;

type StockView = 'table' | 'team';

/** /market/stock ('Player Market'): every player's price and 24h change, as a table or by team. */
export function StockMarketRoute() {
  const [position, setPosition] = useState<PositionFilter>('All');
  const [sort, setSort] = useState<PlayerSortKey>('price_desc');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<StockView>('table');
  const [limit, setLimit] = useState(STOCK_PAGE_SIZE);
  const [charted, setCharted] = useState<Player | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const players = useAllPlayers({ position: positionParam(position), sort, search: debouncedSearch });
  const shown = players.data ? filterPlayers(players.data, position, search, sort) : [];

  function showAll() {
    setPosition('All');
    setSearch('');
    setLimit(STOCK_PAGE_SIZE);
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
    const page = shown.slice(0, limit);
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
          <PlayerTable players={page} onSelect={setCharted} />
          {shown.length > page.length && (
            <Button variant="outline" onClick={() => setLimit((current) => current + STOCK_PAGE_SIZE)}>
              <ChevronsDown aria-hidden className="size-4" />
              {`Show more (${formatNumber(shown.length - page.length)} left)`}
            </Button>
          )}
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
          </div>
          {players.data && (
            <p className="shrink-0 text-xs font-medium text-slate-400" aria-live="polite">
              {playerCountText(shown.length)}
            </p>
          )}
        </div>
        <SearchInput
          placeholder="Search players..."
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setLimit(STOCK_PAGE_SIZE);
          }}
        />
        <PositionChips
          value={position}
          onChange={(next) => {
            setPosition(next);
            setLimit(STOCK_PAGE_SIZE);
          }}
        />
        <PlayerSortSelect options={PLAYER_SORTS} value={sort} onChange={setSort} />
        {body}
      </div>
      <PriceChartDialog player={charted} onClose={() => setCharted(null)} />
    </>
  );
}

function PlayerTable({ players, onSelect }: { players: Player[]; onSelect: (player: Player) => void }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70">
      <table className="w-full table-fixed text-left text-xs">
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
        <tbody className="divide-y divide-white/5">
          {players.map((player) => (
            <tr
              key={player.id}
              onClick={() => onSelect(player)}
              className="cursor-pointer transition-colors hover:bg-slate-800/50"
            >
              <td className="py-2 pr-1 pl-3">
                <button
                  type="button"
                  aria-label={`${player.name} price chart`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(player);
                  }}
                  className="flex w-full min-w-0 items-center gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-emerald-400"
                >
                  <ClubLogo team={player.team} className="h-7 w-6" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate text-sm font-semibold text-slate-100">{player.name}</span>
                    <span className="truncate text-[11px] text-slate-500">
                      {`${positionShort(player)} · ${player.team.abbreviation || player.team.name}`}
                    </span>
                  </span>
                </button>
              </td>
              <td className="px-1 py-2 text-right">
                <CoinAmount value={player.currentPrice} />
              </td>
              <td className="py-2 pr-3 pl-1 text-right">
                <StockChange value={player.priceChange} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TeamGroups({ groups, onSelect }: { groups: TeamGroup[]; onSelect: (player: Player) => void }) {
  return (
    <div className="flex flex-col gap-3">
      {groups.map((group) => (
        <section
          key={group.name}
          aria-label={group.name}
          className="overflow-hidden rounded-2xl border border-white/5 bg-slate-900/70"
        >
          <header className="flex items-center gap-3 border-b border-white/5 px-3 py-2.5">
            {group.team ? (
              <ClubLogo team={group.team} className="h-9 w-8" />
            ) : (
              <Shield aria-hidden className="size-8 text-slate-500" />
            )}
            <h3 className="min-w-0 flex-1 truncate text-sm font-bold text-slate-50">{group.name}</h3>
            <span className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-[11px] font-semibold text-slate-300">
              {`${group.players.length} ${group.players.length === 1 ? 'player' : 'players'}`}
            </span>
          </header>
          <ul className="divide-y divide-white/5">
            {group.players.map((player) => (
              <li key={player.id}>
                <button
                  type="button"
                  aria-label={`${player.name} price chart`}
                  onClick={() => onSelect(player)}
                  className="flex w-full items-center gap-2 px-3 py-2 text-left transition-colors hover:bg-slate-800/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400"
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-semibold text-slate-100">{player.name}</span>
                    <span className="text-[11px] text-slate-500">{positionShort(player)}</span>
                  </span>
                  <CoinAmount value={player.currentPrice} />
                  <StockChange value={player.priceChange} className="w-14 text-right" />
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-600" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
