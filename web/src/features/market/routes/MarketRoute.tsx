import { ChevronsDown, SearchX } from 'lucide-react';
import { useState } from 'react';

import { Header } from '@/components/Header';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { useUser } from '@/lib/data/auth';
import { type PositionFilter } from '@/lib/positions';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListFocus } from '@/lib/list-focus';
import { useLoadMore } from '@/lib/use-load-more';
import { itemsOf, totalOf } from '@/lib/data/pages';

import { useMarketListings, useMarketStatus } from '@/lib/data/market';
import { ConfirmBuyDialog } from '../components/ConfirmBuyDialog';
import { ListingRow } from '../components/ListingRow';
import { MarketCardDialog } from '../components/MarketCardDialog';
import { MarketScheduleNotice } from '../components/MarketScheduleNotice';
import { MarketStatusBanner } from '../components/MarketStatusBanner';
import { MarketTabs } from '@/components/market/MarketTabs';
import { PricesUpdated } from '@/components/market/PricesUpdated';
import { PlayerSortSelect, playerCountText, PositionChips } from '../components/PlayerListControls';
import { SearchToggle } from '../components/SearchToggle';
import { TradeCenterLink } from '../components/TradeCenterLink';
import { toastMarketClosed, useBuyListing } from '../components/useBuyListing';
import type { MarketItem, MarketSort as MarketSortKey } from '@touchline/contract';
import { filterMarketItems, listingAction, MARKET_SORTS, positionParam } from '../utils';

/** /market: the listings of the market and of other users, with buying. */
export function MarketRoute() {
  const { data: user } = useUser();
  const { data: status } = useMarketStatus();
  const [position, setPosition] = useState<PositionFilter>('All');
  const [sort, setSort] = useState<MarketSortKey>('price_asc');
  const [search, setSearch] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmingId, setConfirmingId] = useState<number | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const listings = useMarketListings({ position: positionParam(position), sort, search: debouncedSearch });
  const { buy, isBuying, isPending: buyPending } = useBuyListing();
  // A bought row leaves the list: the focus goes to the row in its place, not to the page's body.
  const listFocus = useListFocus<HTMLUListElement>();

  const isOpen = status?.isOpen;
  const actionOf = (item: MarketItem) => listingAction(item, user?.id, isOpen);
  // The pages loaded so far (the server pages the market, MARKET_PAGE_SIZE at a time).
  const loaded = itemsOf(listings.data, (item) => item.id);
  const items = filterMarketItems(loaded, position, search, sort);
  // The server's count, unless the list shown is another filter's (still loading, or a search typed
  // since): then what is shown is counted, as when the whole list was loaded at once.
  const exact = !listings.isPlaceholderData && items.length === loaded.length;
  const count = exact ? totalOf(listings.data) : items.length;
  const left = Math.max(count - items.length, 0);
  const canLoadMore = listings.hasNextPage && !listings.isFetchingNextPage;
  const loadMore = () => {
    if (canLoadMore) void listings.fetchNextPage();
  };
  const endOfList = useLoadMore(loadMore, canLoadMore && exact);
  // Kept by id so the popup follows the refreshed list (and closes when the card is gone).
  const selected = selectedId === null ? null : (loaded.find((item) => item.id === selectedId) ?? null);
  // The same for the purchase being confirmed: it states the price the buy will send.
  const confirming = confirmingId === null ? null : (loaded.find((item) => item.id === confirmingId) ?? null);

  function showAll() {
    setPosition('All');
    setSearch('');
  }

  function buyItem(item: MarketItem, onBought?: () => void) {
    if (actionOf(item) === 'closed') {
      toastMarketClosed();
      return;
    }
    buy(item, onBought);
  }

  let body;
  if (listings.isPending) {
    body = (
      <div role="status" aria-label="Loading market" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-[5.25rem] rounded-2xl" />
        ))}
      </div>
    );
  } else if (listings.isError && !listings.data) {
    body = (
      <QueryError
        error={listings.error}
        onRetry={() => void listings.refetch()}
        retrying={listings.isFetching}
      />
    );
  } else if (items.length === 0 && (listings.hasNextPage || listings.isPlaceholderData)) {
    // The pages loaded hold none of a search typed since: the server's answer decides.
    body = (
      <div role="status" aria-label="Loading market" className="flex flex-col gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-[5.25rem] rounded-2xl" />
        ))}
      </div>
    );
  } else if (items.length === 0) {
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
      <>
        <ul
          ref={listFocus}
          aria-label="Market listings"
          className="flex flex-col gap-2 lg:grid lg:grid-cols-2 xl:grid-cols-3"
        >
          {items.map((item) => (
            <ListingRow
              key={item.id}
              item={item}
              action={actionOf(item)}
              onOpen={(next) => setSelectedId(next.id)}
              onBuy={(next) => setConfirmingId(next.id)}
              onClosedClick={toastMarketClosed}
              buying={isBuying(item.id)}
              busy={buyPending}
              coins={user?.coins}
            />
          ))}
        </ul>
        {listings.hasNextPage && (
          <Button ref={endOfList} variant="outline" onClick={loadMore} disabled={!canLoadMore}>
            <ChevronsDown aria-hidden className="size-4" />
            {`Show more (${formatNumber(left)} left)`}
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <Header
        title="Market"
        actions={<SearchToggle open={searchOpen} onToggle={() => setSearchOpen((value) => !value)} />}
        links={<TradeCenterLink />}
      />
      <div className="flex flex-col gap-4 px-4 py-5">
        {(searchOpen || search !== '') && (
          <SearchInput placeholder="Search players..." value={search} onValueChange={setSearch} autoFocus />
        )}
        <MarketStatusBanner />
        <MarketScheduleNotice />
        <MarketTabs />
        <PositionChips value={position} onChange={setPosition} />
        <div className="flex items-center justify-between gap-3">
          <div className="flex flex-col gap-0.5">
            <p className="text-xs font-medium text-slate-400" aria-live="polite">
              {listings.data ? playerCountText(count) : ''}
            </p>
            {listings.data && <PricesUpdated fetchedAt={listings.dataUpdatedAt} className="text-[11px]" />}
          </div>
          <PlayerSortSelect options={MARKET_SORTS} value={sort} onChange={setSort} className="w-48" />
        </div>
        {body}
      </div>
      <MarketCardDialog
        item={selected}
        action={selected ? actionOf(selected) : null}
        onClose={() => setSelectedId(null)}
        onBuy={(item) => buyItem(item, () => setSelectedId(null))}
        buying={selected ? isBuying(selected.id) : false}
      />
      <ConfirmBuyDialog
        item={confirming}
        balance={user?.coins}
        onConfirm={(item) => {
          setConfirmingId(null);
          buyItem(item);
        }}
        onCancel={() => setConfirmingId(null)}
      />
    </>
  );
}
