import { QueryClient } from '@tanstack/react-query';
import { SHARED_ANSWER_MAX_STALE_MS } from '@touchline/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type {
  Card,
  CatalogEntry,
  LivePrices,
  MarketItem,
  MarketStatus,
  Player,
  PriceHistory,
  PricePoint,
  Team,
  User,
} from '@touchline/contract';

import { LiveCoinAmount, PRICE_FLASH_MS } from '@/components/market/LiveCoinAmount';
import { PricesUpdated } from '@/components/market/PricesUpdated';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { marketKeys } from '@/lib/data/market';
import { dispatchLiveEvent, liveEventNames } from '@/lib/live/dispatch';
import { resetLastTick } from '@/lib/live/last-tick';
import { onMarket, onMarketStatus } from '@/lib/live/market';
import { onPrices } from '@/lib/live/prices';
import { statusRefreshIn } from '@/lib/market-status-refresh';

import { catalogEntry, collection, players, teams } from './card-fixtures';
import { makeMarketItem, marketClosed, marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

// jsdom has no canvas: stand in for the lazily loaded chart with its points.
vi.mock('@/features/market/components/PriceChart', () => ({
  default: ({ points }: { points: PricePoint[] }) => (
    <div data-testid="price-chart">{points.map((point) => point.price).join(' → ')}</div>
  ),
}));

const { messi, alba, herbers } = players;

/** Messi up 1,000 with a new 24h change, Alba down 200; nobody else moves. */
const tick: LivePrices = {
  tick: 42,
  at: '2026-03-09T15:05:00.000Z',
  prices: [
    {
      playerId: messi.id,
      price: messi.currentPrice + 1_000,
      previousPrice: messi.currentPrice,
      priceChange: 3.1,
    },
    {
      playerId: alba.id,
      price: alba.currentPrice - 200,
      previousPrice: alba.currentPrice,
      priceChange: -1.9,
    },
  ],
};

const priceOf = (list: readonly Player[] | undefined, id: number) =>
  list?.find((p) => p.id === id)?.currentPrice;

/** The cache of a paged list (an infinite query): these pages, each saying the list's total. */
function pagesOf<T>(pages: T[][], extra: object = {}) {
  const total = pages.flat().length;
  return {
    pages: pages.map((items, index) => ({
      items,
      nextCursor: index < pages.length - 1 ? `after-${index}` : null,
      total,
      ...extra,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `after-${index - 1}`)),
  };
}
type CachedPages<T> = ReturnType<typeof pagesOf<T>>;
const catalogFilters = { search: '', teamId: 0, position: null, rarity: null };

beforeEach(() => resetLastTick());
afterEach(() => vi.useRealTimers());

describe('a price tick patches every cached query that holds prices', () => {
  const filters = { position: null, sort: 'price_desc', search: '' } as const;
  const forwards = { position: 'Forward', sort: 'price_asc', search: 'l' } as const;
  const marketCard = makeMarketItem({ id: 900, player: messi });
  const userListing = makeMarketItem({ id: 901, player: messi, userId: 12, price: 200_000 });
  const untouched = makeMarketItem({ id: 902, player: herbers });

  function seeded() {
    const queryClient = new QueryClient();
    // The market's listings are pages (an infinite query): the untouched card is on a second page.
    queryClient.setQueryData(
      marketKeys.listing({ ...filters, sort: 'price_asc' }),
      pagesOf([[marketCard, userListing], [untouched]]),
    );
    queryClient.setQueryData(marketKeys.listing(forwards), pagesOf([[marketCard]]));
    queryClient.setQueryData(marketKeys.playerList(filters), [messi, alba, herbers]);
    queryClient.setQueryData(marketKeys.playerList({ ...filters, sort: 'name' }), [alba]);
    queryClient.setQueryData(marketKeys.trending(), [herbers, messi]);
    queryClient.setQueryData(cardKeys.teams(), teams);
    queryClient.setQueryData(cardKeys.teamPlayers(12), [messi, alba]);
    queryClient.setQueryData(
      cardKeys.catalogList(catalogFilters),
      pagesOf([[catalogEntry(messi, 1)], [catalogEntry(herbers)]], { collectedPlayers: 1, totalPlayers: 2 }),
    );
    queryClient.setQueryData(cardKeys.userCards(), collection);
    queryClient.setQueryData(cardKeys.starterPack(), [collection[1]]);
    queryClient.setQueryData(userQueryKey, makeUser({ collectionValue: 500_000 }));
    const history = (range: string): PriceHistory => ({
      playerId: messi.id,
      points: [{ at: '2026-03-09T15:00:00.000Z', price: messi.currentPrice }],
      ...(range === 'none' ? { points: [] } : {}),
    });
    queryClient.setQueryData(marketKeys.history(messi.id, '1d'), history('1d'));
    queryClient.setQueryData(marketKeys.history(messi.id, '1w'), history('1w'));
    queryClient.setQueryData(marketKeys.history(herbers.id, '1d'), { playerId: herbers.id, points: [] });
    return queryClient;
  }

  it('moves prices in the market, stock market, trending, rosters, catalog, cards, popups and the user', () => {
    const queryClient = seeded();
    const seededPages = queryClient.getQueryData<CachedPages<MarketItem>>(
      marketKeys.listing({ ...filters, sort: 'price_asc' }),
    )!;
    const teamList = queryClient.getQueryData(cardKeys.teams());
    const herbersHistory = queryClient.getQueryData(marketKeys.history(herbers.id, '1d'));
    onPrices(queryClient, tick);
    const up = messi.currentPrice + 1_000;
    const down = alba.currentPrice - 200;

    // The market: its own card sells at the new price, a user's listing keeps its asking price; a page
    // the tick missed stays the same object (nothing of it re-renders).
    const before = seededPages;
    expect(before.pages[0]!.items[0]).toBe(marketCard);
    const { pages } = queryClient.getQueryData<CachedPages<MarketItem>>(
      marketKeys.listing({ ...filters, sort: 'price_asc' }),
    )!;
    const [market, listing] = pages[0]!.items;
    expect(market).toMatchObject({ price: up, priceChange: 3.1, player: { currentPrice: up } });
    expect(listing).toMatchObject({ price: 200_000, priceChange: 3.1, player: { currentPrice: up } });
    expect(pages[1]).toBe(before.pages[1]);
    expect(pages[1]!.items[0]).toBe(untouched);
    expect(pages.map((page) => page.total)).toEqual([3, 3]);
    expect(
      queryClient.getQueryData<CachedPages<MarketItem>>(marketKeys.listing(forwards))!.pages[0]!.items[0]!
        .price,
    ).toBe(up);

    // The stock market under every filter, trending and a team's roster.
    const all = queryClient.getQueryData<Player[]>(marketKeys.playerList(filters));
    expect([priceOf(all, messi.id), priceOf(all, alba.id), priceOf(all, herbers.id)]).toEqual([
      up,
      down,
      herbers.currentPrice,
    ]);
    expect(all!.find((p) => p.id === alba.id)!.priceChange).toBe(-1.9);
    expect(
      priceOf(queryClient.getQueryData(marketKeys.playerList({ ...filters, sort: 'name' })), alba.id),
    ).toBe(down);
    expect(priceOf(queryClient.getQueryData(marketKeys.trending()), messi.id)).toBe(up);
    expect(priceOf(queryClient.getQueryData(cardKeys.teamPlayers(12)), alba.id)).toBe(down);
    expect(queryClient.getQueryData<Team[]>(cardKeys.teams())).toBe(teamList);

    // The catalog and the user's cards (their 24h change and profit follow the player).
    const catalog = queryClient.getQueryData<CachedPages<CatalogEntry>>(
      cardKeys.catalogList(catalogFilters),
    )!;
    expect(catalog.pages[0]!.items[0]!.player.currentPrice).toBe(up);
    expect(catalog.pages[1]!.items[0]!.player.currentPrice).toBe(herbers.currentPrice);
    const cards = queryClient.getQueryData<Card[]>(cardKeys.userCards())!;
    const messiCard = cards.find((card) => card.player.id === messi.id)!;
    expect(messiCard).toMatchObject({
      priceChange: 3.1,
      profitLoss: 3_500 + 1_000,
      player: { currentPrice: up },
    });
    const albaCard = cards.find((card) => card.player.id === alba.id)!;
    expect(albaCard.profitLoss).toBe(-800 - 200);
    expect(queryClient.getQueryData<Card[]>(cardKeys.starterPack())![0]!.player.currentPrice).toBe(down);

    // The collection value moves by what the owned cards moved (one Messi +1,000, one Alba -200).
    expect(queryClient.getQueryData<User>(userQueryKey)!.collectionValue).toBe(500_000 + 800);

    // Every cached range of the charted player gains the tick's point; another player's stays as it was.
    for (const range of ['1d', '1w'] as const) {
      const { points } = queryClient.getQueryData<PriceHistory>(marketKeys.history(messi.id, range))!;
      expect(points.at(-1)).toEqual({ at: tick.at, price: up });
      expect(points).toHaveLength(2);
    }
    expect(queryClient.getQueryData(marketKeys.history(herbers.id, '1d'))).toBe(herbersHistory);
  });

  it('refetches nothing, and a tick heard twice adds its point once', () => {
    const queryClient = seeded();
    const fetches = vi.fn();
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'fetch') fetches(event.query.queryKey);
    });
    onPrices(queryClient, tick);
    onPrices(queryClient, tick);
    expect(fetches).not.toHaveBeenCalled();
    expect(queryClient.getQueryData<PriceHistory>(marketKeys.history(messi.id, '1d'))!.points).toHaveLength(
      2,
    );
    expect(queryClient.getQueryData<User>(userQueryKey)!.collectionValue).toBe(500_000 + 800);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .every((query) => !query.state.isInvalidated),
    ).toBe(true);
  });
});

describe('market events', () => {
  const marketCard = makeMarketItem({ id: 900, player: messi });
  const listing = makeMarketItem({ id: 901, player: alba, userId: 12 });
  const other = makeMarketItem({ id: 902, player: herbers, userId: 13 });
  const pageA = marketKeys.listing({ position: null, sort: 'price_asc', search: '' });
  const pageB = marketKeys.listing({ position: 'Defender', sort: 'change', search: '' });

  function seeded() {
    const queryClient = new QueryClient();
    // Two pages loaded of one filter, one of another: the listing is on the first page of both.
    queryClient.setQueryData(pageA, pagesOf([[marketCard, listing], [other]]));
    queryClient.setQueryData(pageB, pagesOf([[listing]]));
    return queryClient;
  }
  const ids = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient
      .getQueryData<CachedPages<MarketItem>>(key)!
      .pages.flatMap((page) => page.items.map((item) => item.id));
  const totals = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient.getQueryData<CachedPages<MarketItem>>(key)!.pages.map((page) => page.total);
  const invalidated = (queryClient: QueryClient) =>
    queryClient.getQueryCache().find({ queryKey: pageA })!.state.isInvalidated;

  it('a sold or withdrawn listing leaves every cached page without a refetch', () => {
    const queryClient = seeded();
    onMarket(queryClient, {
      change: 'sold',
      listingId: listing.listingId!,
      cardId: 901,
      playerId: alba.id,
      price: 1,
    });
    expect(ids(queryClient, pageA)).toEqual([900, 902]);
    expect(ids(queryClient, pageB)).toEqual([]);
    // Every page's count of the list drops by one ('2 players'), the page that held it or not.
    expect(totals(queryClient, pageA)).toEqual([2, 2]);
    expect(totals(queryClient, pageB)).toEqual([0]);
    onMarket(queryClient, {
      change: 'withdrawn',
      listingId: other.listingId!,
      cardId: 902,
      playerId: 0,
      price: null,
    });
    expect(ids(queryClient, pageA)).toEqual([900]);
    expect(totals(queryClient, pageA)).toEqual([1, 1]);
    expect(invalidated(queryClient)).toBe(false);
  });

  it("a direct buy removes the market's card and refetches for its next edition; a new listing refetches", () => {
    const queryClient = seeded();
    onMarket(queryClient, { change: 'sold', listingId: 0, cardId: 900, playerId: messi.id, price: 5 });
    expect(ids(queryClient, pageA)).toEqual([901, 902]);
    expect(invalidated(queryClient)).toBe(true);

    const again = seeded();
    onMarket(again, { change: 'listed', listingId: 77, cardId: 950, playerId: messi.id, price: 9 });
    expect(ids(again, pageA)).toEqual([900, 901, 902]);
    expect(invalidated(again)).toBe(true);
  });

  it('asks once more for a burst of events after the gateway may have coalesced them', async () => {
    vi.useFakeTimers();
    const queryClient = seeded();
    const refetches = vi.spyOn(queryClient, 'invalidateQueries');
    onMarket(queryClient, { change: 'listed', listingId: 77, cardId: 950, playerId: messi.id, price: 9 });
    onMarket(queryClient, { change: 'listed', listingId: 78, cardId: 951, playerId: messi.id, price: 9 });
    expect(refetches).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SHARED_ANSWER_MAX_STALE_MS + 250);
    // One more for the burst, not one per event.
    expect(refetches).toHaveBeenCalledTimes(3);
  });

  it('market-status sets isOpen at once and reads the status again for its words', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(marketKeys.status(), marketOpen);
    onMarketStatus(queryClient, { isOpen: false });
    expect(queryClient.getQueryData<MarketStatus>(marketKeys.status())!.isOpen).toBe(false);
    expect(queryClient.getQueryCache().find({ queryKey: marketKeys.status() })!.state.isInvalidated).toBe(
      true,
    );
  });
});

describe('the dispatcher', () => {
  it("hands the stream's prices, market and market-status events to these handlers", () => {
    expect(liveEventNames).toEqual(expect.arrayContaining(['prices', 'market', 'market-status']));
    const queryClient = new QueryClient();
    const page = marketKeys.listing({ position: null, sort: 'price_asc', search: '' });
    queryClient.setQueryData(page, [
      makeMarketItem({ id: 900, player: messi }),
      makeMarketItem({ id: 901, player: alba, userId: 12 }),
    ]);
    queryClient.setQueryData(marketKeys.status(), marketOpen);

    dispatchLiveEvent(queryClient, 'prices', JSON.stringify(tick));
    dispatchLiveEvent(
      queryClient,
      'market',
      JSON.stringify({ change: 'withdrawn', listingId: 10_901, cardId: 901, playerId: alba.id, price: null }),
    );
    dispatchLiveEvent(queryClient, 'market-status', JSON.stringify({ isOpen: false }));

    expect(queryClient.getQueryData<MarketItem[]>(page)!.map((item) => [item.id, item.price])).toEqual([
      [900, 149_500],
    ]);
    expect(queryClient.getQueryData<MarketStatus>(marketKeys.status())!.isOpen).toBe(false);
  });
});

describe('the market status is read again only when its words can change', () => {
  it('at its next event, or at midnight in New York when that comes first; never in a forced mode', () => {
    // 11:00 in New York on Monday, 2026-03-09 (EDT): the close at 16:00 comes before midnight.
    const now = Date.parse('2026-03-09T15:00:00.000Z');
    expect(statusRefreshIn(marketOpen, now)).toBe(5 * 3_600_000 + 1_000);
    // Friday evening, opens Monday: refetched at midnight, when 'tomorrow' or a weekday may change.
    const friday = Date.parse('2026-03-13T22:00:00.000Z'); // 18:00 EDT
    const monday = { ...marketClosed, nextEventAt: '2026-03-16T13:30:00.000Z' };
    expect(statusRefreshIn(monday, friday)).toBe(6 * 3_600_000 + 1_000);
    expect(
      statusRefreshIn({ isOpen: true, nextEvent: 'Open around the clock', nextEventAt: null }, now),
    ).toBe(false);
    expect(statusRefreshIn(undefined, now)).toBe(false);
    // A next event already past (this clock runs ahead): once a minute, not every second.
    expect(statusRefreshIn(marketOpen, Date.parse('2026-03-09T20:00:30.000Z'))).toBe(60_000);
  });
});

describe('live price cells', () => {
  it('flash green with an up arrow, or red with a down arrow, when the price moves, then settle', () => {
    vi.useFakeTimers();
    const { rerender, container } = render(<LiveCoinAmount value={1_000} />);
    const cell = () => container.firstElementChild as HTMLElement;
    expect(cell()).not.toHaveAttribute('data-flash');
    expect(cell()).toHaveTextContent('1,000');

    rerender(<LiveCoinAmount value={1_250} />);
    expect(cell()).toHaveAttribute('data-flash', 'up');
    expect(cell()).toHaveClass('motion-safe:animate-price-up');
    expect(cell().querySelector('svg.lucide-arrow-up')).not.toBeNull();
    expect(cell()).toHaveTextContent('1,250');

    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS));
    expect(cell()).not.toHaveAttribute('data-flash');
    expect(cell().querySelector('svg.lucide-arrow-up')).toBeNull();

    rerender(<LiveCoinAmount value={900} />);
    expect(cell()).toHaveAttribute('data-flash', 'down');
    expect(cell()).toHaveClass('motion-safe:animate-price-down');
    expect(cell().querySelector('svg.lucide-arrow-down')).not.toBeNull();
  });

  it("count 'updated N s ago' from the tick's time on one shared clock", () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-09T15:05:03.000Z') });
    render(
      <>
        <PricesUpdated fetchedAt={Date.parse('2026-03-09T15:04:00.000Z')} />
        <PricesUpdated />
      </>,
    );
    // Before a tick: the age of the fetched list; a screen with nothing fetched shows none.
    expect(screen.getAllByTestId('prices-updated').map((p) => p.textContent)).toEqual([
      'Prices updated 1 min ago',
    ]);
    const queryClient = new QueryClient();
    act(() => onPrices(queryClient, tick));
    expect(screen.getAllByTestId('prices-updated').map((p) => p.textContent)).toEqual([
      'Prices updated 3 s ago',
      'Prices updated 3 s ago',
    ]);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getAllByTestId('prices-updated')[0]).toHaveTextContent('Prices updated 13 s ago');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getAllByTestId('prices-updated')[1]).toHaveTextContent('Prices updated 1 min ago');
  });
});

describe('screens follow a tick without refetching', () => {
  it('the stock market table and its price chart move and flash', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/market/status': { body: marketOpen },
      'GET /api/market/all-players': { body: [messi, alba, herbers] },
      'GET /api/market/players/1/history': {
        body: { playerId: 1, points: [{ at: '2026-03-09T15:00:00.000Z', price: messi.currentPrice }] },
      },
    });
    const { queryClient, user } = renderApp('/market/stock');
    // hidden: the open chart dialog hides the page from the accessibility tree.
    const row = async (name: string) =>
      (
        await screen.findByRole('button', { name: new RegExp(`^${name},.*price chart$`), hidden: true })
      ).closest('tr')!;
    expect(await row('Lionel Messi')).toHaveTextContent('148,500');

    await user.click(await screen.findByRole('button', { name: /^Lionel Messi,.*price chart$/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('148,500')).toBeInTheDocument());
    expect(await within(dialog).findByTestId('price-chart')).toHaveTextContent(/^148500$/);
    const priceCalls = () => calls.filter((c) => c.path.startsWith('/api/market/')).length;
    const fetched = priceCalls();

    act(() => onPrices(queryClient, tick));
    const messiRow = await row('Lionel Messi');
    await waitFor(() => expect(messiRow).toHaveTextContent('149,500'));
    expect(messiRow).toHaveTextContent('+3.10%');
    expect(messiRow.querySelector('[data-flash="up"]')).not.toBeNull();
    expect((await row('Jordi Alba')).querySelector('[data-flash="down"]')).not.toBeNull();
    expect((await row('Fabian Herbers')).querySelector('[data-flash]')).toBeNull();
    // The open chart's price moved with it, and its history gained the tick's point.
    expect(within(dialog).getByText('149,500')).toBeInTheDocument();
    expect(within(dialog).getByTestId('price-chart')).toHaveTextContent(/^148500 → 149500$/);
    expect(screen.getAllByTestId('prices-updated').length).toBeGreaterThan(0);
    expect(priceCalls()).toBe(fetched);
  });

  it('the market list drops a sold listing and moves the market card price', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/market/status': { body: marketOpen },
      'GET /api/market': {
        body: [
          makeMarketItem({ id: 900, player: messi }),
          makeMarketItem({ id: 901, player: alba, userId: 12 }),
        ],
      },
    });
    const { queryClient } = renderApp('/market');
    expect(await screen.findByTestId('listing-900')).toHaveTextContent('148,500');
    act(() => onPrices(queryClient, tick));
    // react-query tells its observers on the next macrotask.
    await waitFor(() => expect(screen.getByTestId('listing-900')).toHaveTextContent('149,500'));
    expect(screen.getByTestId('listing-900').querySelector('[data-flash="up"]')).not.toBeNull();
    expect(screen.getByTestId('listing-901')).toBeInTheDocument();
    act(() =>
      onMarket(queryClient, { change: 'sold', listingId: 10_901, cardId: 901, playerId: alba.id, price: 1 }),
    );
    await waitFor(() => expect(screen.queryByTestId('listing-901')).toBeNull());
    expect(screen.getByTestId('listing-900')).toBeInTheDocument();
  });
});
