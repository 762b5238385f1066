import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  allRoutes,
  BAD_CURSOR,
  openApiPath,
  pathOf,
  TRADE_HISTORY_SPEC_SIZE,
  type RouteDef,
} from '@touchline/contract';
import { openApiDocument } from '@touchline/contract/openapi';
import { decodeCursor, encodeCursor, idCursors } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import type { Clients } from '../src/clients';
import { errorHandler } from '../src/middleware/errors';
import { SharedAnswers } from '../src/http/shared-answers';
import { adminRoutes } from '../src/routes/admin';
import { auctionRoutes } from '../src/routes/auctions';
import { cardsRoutes } from '../src/routes/cards';
import { marketRoutes } from '../src/routes/market';
import { matchdayRoutes } from '../src/routes/matchday';
import { notificationRoutes } from '../src/routes/notifications';
import { tradeHistoryRoutes } from '../src/routes/trade-history';
import type { SessionVerifier } from '../src/session';

/**
 * Every route of the contract that takes a cursor, on stub upstreams. The stubs of the services'
 * lists read the cursor with the codec and list name their service uses (a foreign one is refused
 * there, as INVALID_ARGUMENT with the same words; gateway/test/notifications.test.ts goes through gRPC).
 */
const pagedRoutes = allRoutes.filter((route) => route.query?.shape && 'cursor' in route.query.shape);

/** A service's keyset list: ids from `newest` down, `size` a page, its cursor made by the kit's codec. */
function serviceList(list: string, newest: number) {
  const cursors = idCursors(list);
  return (page: { pageSize: number; cursor: string }) => {
    const below = cursors.decode(page.cursor) ?? newest + 1;
    const ids = Array.from({ length: Math.max(0, below - 1) }, (_, i) => below - 1 - i);
    const served = ids.slice(0, page.pageSize);
    const last = served[served.length - 1];
    return { ids: served, nextCursor: ids.length > served.length && last ? cursors.encode(last) : '' };
  };
}

const record = (id: number) => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  playerName: `Player ${id}`,
  playerId: id,
  rarity: 'Common',
  tradeType: 'market_buy',
  sellerUserId: 0,
  buyerUserId: 7,
  salePrice: 10,
  profitLoss: 0,
  cardId: id,
});
const history = serviceList('trade-history', 150);
const audit = serviceList('audit-log', 3);
const feed = serviceList('notifications', 3);
const ownListings = idCursors('own-listings');
const lineups = serviceList('matchday.history', 3);
const matchdayInfo = (id: number) => ({
  id,
  opensAt: '2026-01-01T00:00:00.000Z',
  locksAt: '2026-01-02T00:00:00.000Z',
  resultsAt: '2026-01-02T02:00:00.000Z',
  state: 'scored',
  entries: 1,
});
const calls: { pageSize: number; cursor: string }[] = [];
/** The auction lists' codecs, as cards-market's use-cases/auctions.ts makes them; none are open here. */
const auctionList =
  (read: (cursor: string) => unknown) =>
  async ({ page }: { page: { pageSize: number; cursor: string } }) => {
    if (page.cursor) read(page.cursor);
    return { auctions: [], nextCursor: '' };
  };

const stubClients = {
  cardsMarket: {
    ListMarket: () => Promise.resolve({ items: [] }),
    ListAllPlayers: () => Promise.resolve({ players: [] }),
    GetOwnedCounts: () => Promise.resolve({ counts: [] }),
    // The player's own listings: the service decodes (and refuses) the cursor; none are open here.
    ListOwnListings: async ({ page }: { page: { pageSize: number; cursor: string } }) => {
      ownListings.decode(page.cursor);
      return { listings: [], nextCursor: '' };
    },
    ListAuctions: auctionList((cursor) => decodeCursor('auctions:ending', cursor)),
    ListMyAuctions: auctionList((cursor) => idCursors('auctions:mine').decode(cursor)),
    ListMyBids: auctionList((cursor) => idCursors('auctions:bids').decode(cursor)),
  },
  identity: { GetUsernames: () => Promise.resolve({ usernames: [] }) },
  trading: {
    ListTradeHistory: async ({ page }: { page: { pageSize: number; cursor: string } }) => {
      calls.push(page);
      const { ids, nextCursor } = history(page);
      return { records: ids.map(record), nextCursor };
    },
  },
  admin: {
    ListUserTrades: async ({ page }: { page: { pageSize: number; cursor: string } }) => {
      const { ids, nextCursor } = history(page);
      return { records: ids.map(record), nextCursor };
    },
    ListAuditLog: async ({ page }: { page: { pageSize: number; cursor: string } }) => {
      const { ids, nextCursor } = audit(page);
      const entries = ids.map((id) => ({ id, detailsJson: '{}', beforeJson: '{}', afterJson: '{}' }));
      return { entries, nextCursor };
    },
  },
  matchday: {
    ListLineupHistory: async (page: { pageSize: number; pageToken: string }) => {
      const { ids, nextCursor } = lineups({ pageSize: page.pageSize, cursor: page.pageToken });
      const entries = ids.map((id) => ({
        matchday: matchdayInfo(id),
        lineup: {
          matchdayId: id,
          userId: 7,
          cards: [],
          captainCardId: 1,
          points: 10,
          rank: 1,
          reward: 100,
          rewardStatus: 'paid',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }));
      return { entries, nextPageToken: nextCursor, total: 3 };
    },
  },
  notifications: {
    ListNotifications: async ({ page }: { page: { pageSize: number; cursor: string } }) => {
      const { ids, nextCursor } = feed(page);
      const notifications = ids.map((id) => ({
        id,
        kind: 'welcome',
        title: 't',
        message: 'm',
        type: 'info',
        read: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        link: '',
      }));
      return { notifications, unreadCount: ids.length, nextCursor };
    },
  },
} as unknown as Clients;

const app = express();
app.use((req, _res, next) => {
  (req as unknown as { session: object }).session = { userId: 7 };
  next();
});
const shared = new SharedAnswers({ maxAgeMs: 60_000, capacity: 64 });
app.use(
  '/api',
  marketRoutes(stubClients, shared),
  cardsRoutes(stubClients, shared),
  tradeHistoryRoutes(stubClients),
  adminRoutes(stubClients, {} as SessionVerifier, {
    live: { endUser: () => {} },
    appealEmail: 'a@b.example',
  }),
  notificationRoutes(stubClients),
  auctionRoutes(stubClients),
  matchdayRoutes(stubClients),
);
app.use(errorHandler(silentLogger));

const urlOf = (route: RouteDef, query: string) => `${pathOf(route, { userId: 12 })}?${query}`;

describe('every paged route', () => {
  it('is one of the lists the issue names (a new one joins this test by taking a cursor)', () => {
    expect(pagedRoutes.map((route) => route.path).sort()).toEqual([
      '/api/admin/audit-log',
      '/api/admin/users/:userId/trade-history',
      '/api/auctions',
      '/api/auctions/bids',
      '/api/auctions/mine',
      '/api/market',
      '/api/market/all-players',
      '/api/market/my-listings',
      '/api/matchday/history',
      '/api/notifications',
      '/api/player-catalog',
      '/api/trade-history',
      '/api/trade-history/user',
    ]);
  });

  it('answers the same 400 {message} for a bad cursor: malformed, not ours, or of another list', async () => {
    const bad = [
      '%21%21',
      'x'.repeat(401),
      'bm90IGpzb24',
      encodeCursor('another-list', { key: 1, id: 1 }),
      idCursors('ledger').encode(5),
    ];
    for (const route of pagedRoutes)
      for (const cursor of bad) {
        const res = await request(app).get(urlOf(route, `cursor=${cursor}`));
        expect([route.path, cursor, res.status, res.body]).toEqual([
          route.path,
          cursor,
          400,
          { message: BAD_CURSOR },
        ]);
      }
  });

  it('takes cursor and limit and answers items and nextCursor, the next page from that cursor', async () => {
    for (const route of pagedRoutes) {
      const first = await request(app).get(urlOf(route, 'limit=1'));
      expect([route.path, first.status]).toEqual([route.path, 200]);
      const { items, nextCursor } = first.body as { items: { id: number }[]; nextCursor: string | null };
      expect(Array.isArray(items) && items.length <= 1).toBe(true);
      // The lists the gateway holds are empty here (paging.test.ts walks them); the services' are not.
      if (nextCursor === null) continue;
      const next = await request(app).get(urlOf(route, `limit=1&cursor=${nextCursor}`));
      expect([route.path, next.status]).toEqual([route.path, 200]);
      expect((next.body as { items: { id: number }[] }).items[0]!.id).toBeLessThan(items[0]!.id);
    }
  });
});

describe("the spec's unparameterised trade history", () => {
  it('answers exactly as before: the newest 100 records as an array, no header', async () => {
    for (const path of ['/api/trade-history', '/api/trade-history/user']) {
      calls.length = 0;
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect((res.body as { id: number }[]).map((r) => r.id)).toEqual(
        Array.from({ length: TRADE_HISTORY_SPEC_SIZE }, (_, i) => 150 - i),
      );
      expect(calls).toEqual([{ pageSize: TRADE_HISTORY_SPEC_SIZE, cursor: '' }]);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('x-next'))).toEqual([]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('shows one paging shape: cursor and limit in, items and nextCursor out', () => {
    const document = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const text = JSON.stringify(document);
    // Spelled in parts: the grep for the old names must find only the contract's migration note.
    for (const old of ['page' + 'Token', 'X-Next-' + 'Before']) expect(text).not.toContain(old);
    const queryNames = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) =>
        (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      );
    expect(queryNames).not.toContain('before');
    for (const route of pagedRoutes) {
      const operation = document.paths[openApiPath(route.path)]![route.method]!;
      const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect([route.path, names]).toEqual([route.path, expect.arrayContaining(['cursor', 'limit'])]);
      // The 200 answer (or the page of its array-or-page union) is a page, whatever it says besides.
      const extras = { total: 0, unreadCount: 0, collectedPlayers: 0, totalPlayers: 0 };
      expect(route.responses[200]!.safeParse({ items: [], nextCursor: null, ...extras }).success).toBe(true);
      expect(route.responses[200]!.safeParse({ items: [], ...extras }).success).toBe(false);
    }
  });
});
