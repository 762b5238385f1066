import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  LIVE_EVENTS,
  type Balance,
  type CashoutRequest,
  type LiveEventData,
  type LiveEventName,
  type MissionLists,
  type TradeOffer,
  type User,
} from '@touchline/contract';

import { adminKeys } from '@/lib/data/admin';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys, putOwnCard } from '@/lib/data/cards';
import { cashoutKeys } from '@/lib/data/cashout';
import { coinKeys } from '@/lib/data/coins';
import { marketKeys } from '@/lib/data/market';
import { missionKeys, refreshAfterClaim } from '@/lib/data/missions';
import { notificationKeys } from '@/lib/data/notifications';
import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { tradeKeys, tradeWishesKey } from '@/lib/data/trades';
import { OFFER_LIST_LIMIT } from '@touchline/rules';
import { dispatchLiveEvent, liveEventNames } from '@/lib/live/dispatch';
import { setLiveOpen } from '@/lib/live/open';
import { createQueryClient } from '@/lib/query-client';

import { makeCashout } from './admin-fixtures';
import { collection, makeCard, players } from './card-fixtures';
import { makeMission } from './mission-fixtures';
import { makeUser } from './utils';

let queryClient: QueryClient;

/** Delivers one event as the stream would: its name and the JSON text of its data. */
function deliver<E extends LiveEventName>(name: E, data: LiveEventData<E>): void {
  dispatchLiveEvent(queryClient, name, JSON.stringify(data));
}

/** Puts queries in the cache as a screen would have loaded them. */
function cached(...entries: [QueryKey, unknown][]): void {
  for (const [key, data] of entries) queryClient.setQueryData(key, data);
}

const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const coinsShown = () => ({
  user: queryClient.getQueryData<User>(userQueryKey)?.coins,
  box: queryClient.getQueryData<Balance>(marketKeys.balance())?.coins,
});

beforeEach(() => {
  queryClient = createQueryClient();
  cached([userQueryKey, makeUser({ coins: 10_000 })], [marketKeys.balance(), { coins: 10_000 }]);
});

describe('the live dispatcher', () => {
  it('listens to events of the contract, every one this area handles among them', () => {
    for (const name of liveEventNames) expect(Object.keys(LIVE_EVENTS)).toContain(name);
    expect(liveEventNames).toEqual(
      expect.arrayContaining([
        'notification',
        'unread',
        'balance',
        'cards',
        'offers',
        'wishes',
        'cashout',
        'missions',
        'badges',
        'admin-cashouts',
        'admin-flags',
        'resync',
      ]),
    );
    // `closed` ends the stream itself (stream.ts), it changes no query.
    expect(liveEventNames).not.toContain('closed');
  });

  it('balance: patches the pill and the balance box without a request, and ignores an older version', () => {
    deliver('balance', { balance: 10_382, version: 5 });
    expect(coinsShown()).toEqual({ user: 10_382, box: 10_382 });
    expect(invalidated(userQueryKey)).toBe(false);

    deliver('balance', { balance: 10_000, version: 4 });
    deliver('balance', { balance: 10_100, version: 5 });
    expect(coinsShown()).toEqual({ user: 10_382, box: 10_382 });

    deliver('balance', { balance: 9_000, version: 6 });
    expect(coinsShown()).toEqual({ user: 9_000, box: 9_000 });
  });

  it('balance: versions start again for another user signed in on the same app', () => {
    deliver('balance', { balance: 10_382, version: 50 });
    cached([userQueryKey, makeUser({ id: 8, coins: 500 })]);
    deliver('balance', { balance: 700, version: 2 });
    expect(coinsShown()).toEqual({ user: 700, box: 700 });
  });

  it('balance: a signed-out app stays signed out', () => {
    cached([userQueryKey, null]);
    deliver('balance', { balance: 1, version: 1 });
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
  });

  it('cards lost: the cards leave the cached collection at once, which is not read again; nor the user (its totals come with the leaderboard change)', () => {
    cached([cardKeys.userCards(), collection], [cardKeys.catalog(), []]);
    deliver('cards', { change: 'lost', cardIds: [105, 103], listingPrice: 0 });
    const ids = queryClient.getQueryData<typeof collection>(cardKeys.userCards())!.map((card) => card.id);
    expect(ids).toEqual([106, 104, 102, 101]);
    expect(invalidated(cardKeys.userCards())).toBe(false);
    expect(invalidated(cardKeys.catalog())).toBe(true);
    expect(invalidated(userQueryKey)).toBe(false);
  });

  it('cards gained: the collection is read again unless it holds the cards (an own buy put it there); the catalog, not the user', () => {
    cached([cardKeys.userCards(), collection], [cardKeys.catalog(), []]);
    deliver('cards', { change: 'gained', cardIds: [200], listingPrice: 0 });
    expect(queryClient.getQueryData<typeof collection>(cardKeys.userCards())).toHaveLength(6);
    expect(invalidated(cardKeys.userCards())).toBe(true);
    expect(invalidated(cardKeys.catalog())).toBe(true);
    expect(invalidated(userQueryKey)).toBe(false);

    cached([cardKeys.userCards(), collection], [cardKeys.catalog(), []]);
    putOwnCard(
      queryClient,
      makeCard({ id: 200, player: players.alba, acquiredAt: '2026-03-07T18:00:00.000Z' }),
    );
    deliver('cards', { change: 'gained', cardIds: [200], listingPrice: 0 });
    const ids = queryClient.getQueryData<typeof collection>(cardKeys.userCards())!.map((card) => card.id);
    expect(ids).toEqual([200, 106, 105, 104, 103, 102, 101]);
    expect(invalidated(cardKeys.userCards())).toBe(false);
    expect(invalidated(cardKeys.catalog())).toBe(true);

    // A pack's pulls from the purchase's answer (usePurchasePack): the newest minted first.
    cached([cardKeys.userCards(), collection]);
    const pulled = (id: number) =>
      makeCard({ id, player: players.alba, acquiredAt: '2026-03-08T18:00:00.000Z' });
    putOwnCard(queryClient, pulled(301), pulled(302));
    deliver('cards', { change: 'gained', cardIds: [301, 302], listingPrice: 0 });
    const after = queryClient.getQueryData<typeof collection>(cardKeys.userCards())!.map((card) => card.id);
    expect(after.slice(0, 3)).toEqual([302, 301, 106]);
    expect(invalidated(cardKeys.userCards())).toBe(false);
  });

  it('cards listed or unlisted: the collection is read again unless it shows that state; not the catalog', () => {
    cached([cardKeys.userCards(), collection], [cardKeys.catalog(), []]);
    deliver('cards', { change: 'listed', cardIds: [101], listingPrice: 900 });
    expect(invalidated(cardKeys.userCards())).toBe(true);
    expect(invalidated(cardKeys.catalog())).toBe(false);
    expect(invalidated(userQueryKey)).toBe(false);

    // The own listing's answer put the listed card in: the change is shown, at its price only.
    cached([cardKeys.userCards(), collection]);
    putOwnCard(queryClient, { ...collection[5]!, forSale: true, listingPrice: 900, listingFeePercent: 10 });
    deliver('cards', { change: 'listed', cardIds: [101], listingPrice: 900 });
    expect(invalidated(cardKeys.userCards())).toBe(false);
    deliver('cards', { change: 'listed', cardIds: [101], listingPrice: 950 });
    expect(invalidated(cardKeys.userCards())).toBe(true);

    cached([cardKeys.userCards(), collection]);
    deliver('cards', { change: 'unlisted', cardIds: [101], listingPrice: 0 });
    expect(invalidated(cardKeys.userCards())).toBe(false);
    cached([cardKeys.userCards(), [{ ...collection[5]!, auctionId: 4, forSale: false }]]);
    deliver('cards', { change: 'unlisted', cardIds: [101], listingPrice: 0 });
    expect(invalidated(cardKeys.userCards())).toBe(true);
  });

  it('offers: an offer that ended leaves the pending list it was in at once', () => {
    const pending = (id: number) => ({ id }) as TradeOffer;
    cached(
      [tradeKeys.outgoing(), [pending(1), pending(2)]],
      [tradeKeys.incoming(), [pending(3), pending(4)]],
    );
    deliver('offers', { change: 'expired', role: 'sender', offerId: 1 });
    deliver('offers', { change: 'declined', role: 'recipient', offerId: 4 });
    deliver('offers', { change: 'made', role: 'recipient', offerId: 3 });
    const ids = (key: QueryKey) => queryClient.getQueryData<TradeOffer[]>(key)!.map((offer) => offer.id);
    expect(ids(tradeKeys.outgoing())).toEqual([2]);
    expect(ids(tradeKeys.incoming())).toEqual([3]);
  });

  it("offers: a new offer reads the sender's Sent list or the recipient's Incoming list again", () => {
    const lists = (): [QueryKey, unknown][] => [
      [tradeKeys.incoming(), []],
      [tradeKeys.outgoing(), []],
    ];
    cached(...lists());
    deliver('offers', { change: 'made', role: 'recipient', offerId: 2 });
    expect(invalidated(tradeKeys.incoming())).toBe(true);
    expect(invalidated(tradeKeys.outgoing())).toBe(false);

    cached(...lists());
    deliver('offers', { change: 'made', role: 'sender', offerId: 2 });
    expect(invalidated(tradeKeys.outgoing())).toBe(true);
    expect(invalidated(tradeKeys.incoming())).toBe(false);

    // The sender's tab read its Sent list after sending: the offer is there, nothing to read.
    cached([tradeKeys.outgoing(), [{ id: 2 } as TradeOffer]]);
    deliver('offers', { change: 'made', role: 'sender', offerId: 2 });
    expect(invalidated(tradeKeys.outgoing())).toBe(false);
  });

  it('offers: an ended offer reads no list again (issue 41), unless the list was full', () => {
    const offers = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }) as TradeOffer);
    for (const change of ['accepted', 'declined', 'countered', 'cancelled', 'expired', 'voided'] as const) {
      cached([tradeKeys.incoming(), offers(3)], [tradeKeys.outgoing(), offers(3)]);
      deliver('offers', { change, role: 'recipient', offerId: 1 });
      deliver('offers', { change, role: 'sender', offerId: 2 });
      expect(invalidated(tradeKeys.incoming()), change).toBe(false);
      expect(invalidated(tradeKeys.outgoing()), change).toBe(false);
    }
    cached([tradeKeys.outgoing(), offers(OFFER_LIST_LIMIT)]);
    deliver('offers', { change: 'declined', role: 'sender', offerId: 7 });
    expect(queryClient.getQueryData<TradeOffer[]>(tradeKeys.outgoing())).toHaveLength(OFFER_LIST_LIMIT - 1);
    expect(invalidated(tradeKeys.outgoing())).toBe(true);
  });

  it('offers: an accept also reads the history and the wishes again, and any change an open thread', () => {
    cached([tradeHistoryKeys.mine(), []], [[...tradeWishesKey, 'list', {}], []], [tradeKeys.thread(5), []]);
    deliver('offers', { change: 'declined', role: 'sender', offerId: 1 });
    expect(invalidated(tradeHistoryKeys.mine())).toBe(false);
    expect(invalidated(tradeKeys.thread(5))).toBe(true);

    cached([tradeHistoryKeys.mine(), []], [[...tradeWishesKey, 'list', {}], []]);
    deliver('offers', { change: 'accepted', role: 'sender', offerId: 3 });
    expect(invalidated(tradeHistoryKeys.mine())).toBe(true);
    expect(invalidated([...tradeWishesKey, 'list', {}])).toBe(true);
  });

  it('wishes: the trade marketplace lists are refetched', () => {
    cached([[...tradeWishesKey, 'list', {}], []]);
    deliver('wishes', { change: 'offered', wishId: 4 });
    expect(invalidated([...tradeWishesKey, 'list', {}])).toBe(true);
  });

  it('cashout: the request shows its new status in the history at once, then history and eligibility refetch', () => {
    const request = (id: number): CashoutRequest => ({
      id,
      userId: 7,
      user: { email: 'alice@example.com' },
      status: 'pending',
      coinsAmount: 50_000,
      cashAmount: 19.35,
      paypalEmail: 'a@paypal.example',
      createdAt: '2026-03-01T00:00:00.000Z',
      processedAt: null,
      reason: null,
    });
    cached([cashoutKeys.mine(), [request(2), request(1)]], [cashoutKeys.eligibility(), {}]);
    deliver('cashout', { requestId: 1, status: 'rejected' });
    const statuses = queryClient.getQueryData<CashoutRequest[]>(cashoutKeys.mine())!.map((r) => r.status);
    expect(statuses).toEqual(['pending', 'rejected']);
    expect(invalidated(cashoutKeys.mine())).toBe(true);
    expect(invalidated(cashoutKeys.eligibility())).toBe(true);
  });

  it("admin-cashouts: the admin's queue moves the row at once, then refetches with the wallet", () => {
    cached(
      [adminKeys.cashouts(), [makeCashout({ id: 5 }), makeCashout({ id: 6 })]],
      [adminKeys.wallet(), {}],
      [adminKeys.users(), []],
    );
    deliver('admin-cashouts', { requestId: 6, userId: 9, status: 'processing' });
    const rows = queryClient.getQueryData<ReturnType<typeof makeCashout>[]>(adminKeys.cashouts())!;
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [5, 'pending'],
      [6, 'processing'],
    ]);
    expect(invalidated(adminKeys.cashouts())).toBe(true);
    expect(invalidated(adminKeys.wallet())).toBe(true);
    expect(invalidated(adminKeys.users())).toBe(false);
  });

  it('admin-flags: the user table and the cash-out queue (its flags column) are refetched', () => {
    cached([adminKeys.cashouts(), []], [adminKeys.users(), []]);
    deliver('admin-flags', { userId: 9 });
    expect(invalidated(adminKeys.users())).toBe(true);
    expect(invalidated(adminKeys.cashouts())).toBe(true);
  });

  it('missions: moved missions go into the cached lists without a read; a claim reads the completed list', () => {
    const resetsAt = '2026-11-24T05:00:00.000Z';
    const lists = {
      daily: [makeMission({ id: 3, target: 3, progress: 1, resetsAt }), makeMission({ id: 4, resetsAt })],
      weekly: [],
    };
    cached([missionKeys.lists(), lists], [missionKeys.completed(), []], [missionKeys.badges(), []]);
    const moved = {
      missionId: 3,
      progress: 3,
      completed: true,
      completedAt: '2026-11-23T12:00:00.000Z',
      resetsAt,
    };
    deliver('missions', { change: 'progress', missionId: 3, missions: [moved] });
    expect(invalidated(missionKeys.lists())).toBe(false);
    expect(queryClient.getQueryData<MissionLists>(missionKeys.lists())!.daily[0]).toEqual({
      ...lists.daily[0],
      progress: 3,
      completed: true,
      completedAt: moved.completedAt,
    });
    expect(invalidated(missionKeys.completed())).toBe(false);

    // A claim in another tab: these lists do not show it, so they are read, and the Completed tab.
    deliver('missions', { change: 'claimed', missionId: 3, missions: [] });
    expect(invalidated(missionKeys.lists())).toBe(true);
    expect(invalidated(missionKeys.completed())).toBe(true);
  });

  it("missions: the claimer's own answer shows the claim in the lists and the Completed tab; nothing is read", () => {
    const resetsAt = '2026-11-24T05:00:00.000Z';
    const ready = makeMission({
      id: 3,
      progress: 1,
      completed: true,
      completedAt: '2026-11-23T12:00:00.000Z',
    });
    cached(
      [missionKeys.lists(), { daily: [ready, makeMission({ id: 4 })], weekly: [] }],
      [missionKeys.completed(), []],
    );
    setLiveOpen(queryClient, true);
    const mission = { ...ready, claimed: true, claimedAt: '2026-11-23T13:00:00.000Z' };
    void refreshAfterClaim(queryClient, { mission, reward: 100, coins: 900, message: 'Claimed' });
    deliver('missions', { change: 'claimed', missionId: 3, missions: [] });
    expect(invalidated(missionKeys.lists())).toBe(false);
    expect(invalidated(missionKeys.completed())).toBe(false);
    expect(queryClient.getQueryData(missionKeys.completed())).toEqual([{ ...mission, resetsAt }]);
  });

  it('missions: a mission of a period the lists do not hold reads them again', () => {
    cached([missionKeys.lists(), { daily: [makeMission({ id: 3 })], weekly: [] }]);
    const tomorrow = '2026-11-25T05:00:00.000Z';
    const moved = { missionId: 3, progress: 1, completed: false, completedAt: null, resetsAt: tomorrow };
    deliver('missions', { change: 'progress', missionId: 3, missions: [moved] });
    expect(invalidated(missionKeys.lists())).toBe(true);
  });

  it("badges: the badge joins the user's badges, newest first, without a read of the user (issue 41)", () => {
    const earned = (name: string, earnedAt: string) => ({
      name,
      description: `${name}!`,
      icon: 'star',
      earnedAt,
    });
    const first = earned('Market Debut', '2026-11-30T10:00:00.000Z');
    cached([userQueryKey, makeUser({ badge: first.name, badges: [first] })], [missionKeys.badges(), []]);
    const later = earned('Deal Maker', '2026-11-30T11:00:00.000Z');
    deliver('badges', { badgeId: 'first-trade', ...later });
    const user = () => queryClient.getQueryData<User>(userQueryKey)!;
    expect(user().badge).toBe('Deal Maker');
    expect(user().badges).toEqual([later, first]);
    expect(invalidated(userQueryKey)).toBe(false);
    // The catalogue shows progress as well: read again (when on show).
    expect(invalidated(missionKeys.badges())).toBe(true);

    // The same event again (a replay) changes nothing; an older one goes to its place.
    deliver('badges', { badgeId: 'first-trade', ...later });
    const oldest = earned('Pack Opener', '2026-11-30T09:00:00.000Z');
    deliver('badges', { badgeId: 'first-pack', ...oldest });
    expect(user().badges).toEqual([later, first, oldest]);
    expect(user().badge).toBe('Deal Maker');
  });

  it('notification and unread: the bell count is set and the lists refetch', () => {
    cached([notificationKeys.latest(), { items: [], nextCursor: null, unreadCount: 0 }]);
    deliver('unread', { unreadCount: 3 });
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ unreadCount: 3 });
    expect(invalidated(notificationKeys.latest())).toBe(false);
    deliver('notification', { unreadCount: 4 });
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ unreadCount: 4 });
    expect(invalidated(notificationKeys.latest())).toBe(true);
  });

  it('resync: every query is refetched or marked stale, but the coin queries that stand for payments', () => {
    cached(
      [cardKeys.userCards(), collection],
      [tradeKeys.outgoing(), []],
      [coinKeys.paymentIntent('rare-roll', 0), { id: 'pi_1' }],
    );
    deliver('resync', { reason: 'bus reconnected' });
    expect(invalidated(userQueryKey)).toBe(true);
    expect(invalidated(cardKeys.userCards())).toBe(true);
    expect(invalidated(tradeKeys.outgoing())).toBe(true);
    expect(invalidated(coinKeys.paymentIntent('rare-roll', 0))).toBe(false);
  });

  it('drops data that is not JSON, or not an object, and events it has no handler for', () => {
    dispatchLiveEvent(queryClient, 'balance', '{not json');
    dispatchLiveEvent(queryClient, 'balance', '12');
    dispatchLiveEvent(queryClient, 'balance', 'null');
    dispatchLiveEvent(queryClient, 'closed', JSON.stringify({ reason: 'replaced', message: 'x' }));
    expect(coinsShown()).toEqual({ user: 10_000, box: 10_000 });
  });
});
