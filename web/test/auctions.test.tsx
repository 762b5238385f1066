import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Auction, AuctionDetail } from '@touchline/contract';
import { auctionKeys } from '@/lib/data/auctions';
import { dispatchLiveEvent } from '@/lib/live/dispatch';

import { players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

const auction = (overrides: Partial<Auction> = {}): Auction => ({
  id: 12,
  cardId: 99,
  player: { ...players.messi, currentPrice: 5000 },
  editionNumber: 3,
  maxEditions: 10,
  sellerId: 8,
  sellerUsername: 'bob',
  startPrice: 5000,
  buyNowPrice: 9000,
  feePercent: 10,
  duration: '1h',
  startedAt: '2026-11-29T10:00:00.000Z',
  endsAt: inAnHour(),
  status: 'open',
  currentBid: 5000,
  currentBidderId: 9,
  bidCount: 1,
  minNextBid: 5250,
  winnerId: null,
  finalPrice: null,
  settledAt: null,
  ...overrides,
});

const detail = (overrides: Partial<Auction> = {}, bids: AuctionDetail['bids'] = []): AuctionDetail => ({
  ...auction(overrides),
  bids,
});

const firstBid: AuctionDetail['bids'][number] = {
  id: 1,
  bidderId: 9,
  bidderUsername: 'carol',
  amount: 5000,
  status: 'leading',
  buyNow: false,
  placedAt: '2026-11-29T10:05:00.000Z',
};

describe('/auctions', () => {
  it('lists live auctions with time left, current bid and bids, and filters by rarity', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/teams': { body: [] },
      'GET /api/auctions': { body: { items: [auction()], nextCursor: null } },
    });
    const { user } = renderApp('/auctions');
    const list = await screen.findByRole('list', { name: 'Live auctions' });
    const row = within(list).getByRole('link', { name: /Lionel Messi/ });
    expect(row).toHaveAttribute('href', '/auctions/12');
    expect(within(row).getByText('5,000 coins')).toBeInTheDocument();
    expect(within(row).getByText('1 bid')).toBeInTheDocument();
    expect(within(row).getByText(/^(59m|1h 0m)/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by rarity' }), 'Legendary');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/auctions' && c.search.includes('rarity=Legendary'))).toBe(
        true,
      ),
    );
  });

  it('shows My auctions and My bids as tabs', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/auctions/mine': {
        body: { items: [auction({ sellerId: 7, status: 'unsold' })], nextCursor: null },
      },
      'GET /api/auctions/bids': { body: { items: [auction({ myHighestBid: 5000 })], nextCursor: null } },
    });
    const { user } = renderApp('/auctions?tab=mine');
    const mine = await screen.findByRole('list', { name: 'My auctions' });
    expect(within(mine).getByText('Ended without bids')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My bids' }));
    const bids = await screen.findByRole('list', { name: 'My bids' });
    expect(within(bids).getByText('Your highest bid: 5,000 coins')).toBeInTheDocument();
  });
});

describe('an auction', () => {
  it('shows its bid history and bids the lowest amount it takes, asking first', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser({ coins: 20000 }) },
      'GET /api/auctions/12': { body: detail({}, [firstBid]) },
      'POST /api/auctions/12/bids': {
        status: 201,
        body: {
          auction: auction({ currentBid: 5250, currentBidderId: 7, bidCount: 2, minNextBid: 5513 }),
          bid: { ...firstBid, id: 2, bidderId: 7, bidderUsername: 'alice', amount: 5250 },
          remainingCoins: 14750,
        },
      },
    });
    const { user } = renderApp('/auctions/12');
    const history = await screen.findByRole('list', { name: 'Bids' });
    expect(within(history).getByText('carol')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Place a bid' });
    await user.click(within(form).getByRole('button', { name: 'Bid 5,250 coins' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Place this bid?' });
    expect(within(dialog).getByText('Held now')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Bid placed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 5250 });
    expect(calls.find((c) => c.method === 'POST')?.init?.headers).toBeDefined();
  });

  it('refuses to bid on your own auction (no form) and follows the live stream', async () => {
    let current = detail({ sellerId: 7 }, [firstBid]);
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/auctions/12': () => ({ body: current }),
    });
    const { queryClient } = renderApp('/auctions/12');
    await screen.findByRole('list', { name: 'Bids' });
    expect(screen.queryByRole('form', { name: 'Place a bid' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your auction\. The 10% sale fee/)).toBeInTheDocument();

    current = detail({ sellerId: 7, currentBid: 5250, bidCount: 2 }, [
      { ...firstBid, id: 2, bidderId: 10, bidderUsername: 'dave', amount: 5250 },
      { ...firstBid, status: 'outbid' },
    ]);
    const before = calls.filter((c) => c.path === '/api/auctions/12').length;
    dispatchLiveEvent(
      queryClient,
      'auction',
      JSON.stringify({
        change: 'bid',
        auctionId: 12,
        currentBid: 5250,
        currentBidderUserId: 10,
        bidCount: 2,
        endsAt: current.endsAt,
        status: 'open',
      }),
    );
    expect(await screen.findByText('dave')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auctions/12').length).toBeGreaterThan(before);
    expect(queryClient.getQueryData(auctionKeys.detail(12))).toMatchObject({ bidCount: 2 });
  });
});
