import { LayoutGrid, List, SearchX, Shield, ShoppingBag, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Chips } from '@/components/ui/Chips';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { paths } from '@/config/paths';
import { useUserCards } from '@/lib/data/cards';
import { CardDetailDialog } from '@/components/cards/CardDetailDialog';
import { MarketClosedBar } from '@/components/market/MarketClosedBar';
import type { Card } from '@touchline/contract';
import { CARD_SORTS, matchesCardSearch, sortCards, type CardSort } from '@/lib/cards';
import { matchesPosition, POSITION_FILTERS, type PositionFilter } from '@/lib/positions';

import { CardGrid } from '../components/CardGrid';
import { CardList } from '../components/CardList';
import { TeamView } from '../components/TeamView';

type CollectionView = 'team' | 'grid' | 'list';

/** /collection: the user's cards by team, as a grid or as a list. */
export function CollectionRoute() {
  const { data: cards, isPending, isError, error, refetch, isFetching } = useUserCards();
  const [view, setView] = useState<CollectionView>('team');
  const [search, setSearch] = useState('');
  const [position, setPosition] = useState<PositionFilter>('All');
  const [sort, setSort] = useState<CardSort>('Newest Cards First');
  const [selected, setSelected] = useState<Card | null>(null);

  function clearFilters() {
    setSearch('');
    setPosition('All');
  }

  let body;
  if (isPending) {
    body = (
      <div
        role="status"
        aria-label="Loading collection"
        className="grid grid-cols-3 gap-2.5 lg:grid-cols-5 xl:grid-cols-6"
      >
        {Array.from({ length: 9 }, (_, index) => (
          <Skeleton key={index} className="aspect-[5/7] rounded-2xl" />
        ))}
      </div>
    );
  } else if (isError) {
    body = <QueryError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  } else if (cards.length === 0) {
    body = (
      <EmptyState
        icon={Layers}
        title="No cards in your collection yet"
        description="Buy players on the market or open a pack to start collecting."
        action={
          <Link to={paths.market} className={buttonClasses('primary', 'sm')}>
            <ShoppingBag aria-hidden className="size-3.5" />
            Visit Market
          </Link>
        }
      />
    );
  } else {
    const filtered = sortCards(
      cards.filter(
        (card) => matchesCardSearch(card.player, search) && matchesPosition(card.player.position, position),
      ),
      sort,
    );
    const filteredView =
      filtered.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No cards match your filters"
          action={
            <Button size="sm" variant="outline" onClick={clearFilters}>
              Clear Filters
            </Button>
          }
        />
      ) : view === 'grid' ? (
        <CardGrid cards={filtered} onSelect={setSelected} />
      ) : (
        <CardList cards={filtered} onSelect={setSelected} />
      );

    body = (
      <Tabs value={view} onValueChange={(value) => setView(value as CollectionView)}>
        <TabsList aria-label="Collection view">
          <TabsTrigger value="team" className="px-1.5 text-xs whitespace-nowrap">
            <Shield aria-hidden className="size-3.5" />
            Team View
          </TabsTrigger>
          <TabsTrigger value="grid" className="px-1.5 text-xs whitespace-nowrap">
            <LayoutGrid aria-hidden className="size-3.5" />
            Grid View
          </TabsTrigger>
          <TabsTrigger value="list" className="px-1.5 text-xs whitespace-nowrap">
            <List aria-hidden className="size-3.5" />
            List View
          </TabsTrigger>
        </TabsList>
        <TabsContent value="team">
          <TeamView cards={cards} search={search} onSelect={setSelected} onClearFilters={clearFilters} />
        </TabsContent>
        {(['grid', 'list'] as const).map((value) => (
          <TabsContent key={value} value={value} className="mt-4 flex flex-col gap-3">
            <Chips
              label="Filter by position"
              options={POSITION_FILTERS}
              value={position}
              onChange={setPosition}
            />
            <div className="flex items-center justify-between gap-3">
              <p className="text-xs font-medium text-slate-400" aria-live="polite">
                {`${filtered.length} ${filtered.length === 1 ? 'card' : 'cards'}`}
              </p>
              <Select
                aria-label="Sort cards"
                className="w-48"
                value={sort}
                onChange={(event) => setSort(event.target.value as CardSort)}
              >
                {CARD_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            </div>
            {filteredView}
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <>
      <Header title="My Collection" />
      <div className="flex flex-col gap-4 px-4 py-5">
        <SearchInput placeholder="Search cards..." value={search} onValueChange={setSearch} />
        {body}
      </div>
      <MarketClosedBar />
      <CardDetailDialog card={selected} onClose={() => setSelected(null)} />
    </>
  );
}
