import express from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  BAD_CURSOR,
  LIMIT_MESSAGE,
  PAGE_LIMIT_DEFAULT,
  type CatalogPage,
  type MarketItem,
  type MarketPage,
} from '@touchline/contract';
import { decodeCursor, DomainError } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import type { Clients } from '../src/clients';
import { marketOrder } from '../src/compose/page-orders';
import { cursorAt, ordered, pageOf, type Order } from '../src/compose/paging';
import { errorHandler } from '../src/middleware/errors';
import { cardsRoutes } from '../src/routes/cards';
import { SharedAnswers } from '../src/http/shared-answers';
import { marketRoutes } from '../src/routes/market';

interface Item {
  id: number;
  price: number;
  name: string;
}

const byPrice: Order<Item> = { tag: 'test:price', key: (i) => i.price, id: (i) => i.id };
const byPriceDown: Order<Item> = { ...byPrice, tag: 'test:price_desc', descending: true };
const byName: Order<Item> = { tag: 'test:name', key: (i) => i.name, id: (i) => i.id };
const ORDERS = [byPrice, byPriceDown, byName];

/** Items with unique ids and few distinct keys, so that ties (broken by id) are common. */
const itemsArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    price: fc.integer({ min: 0, max: 6 }),
    name: fc.constantFrom('Alba', 'alba', 'Messi', 'Müller', 'Zed'),
  }),
  { selector: (item) => item.id, maxLength: 60 },
);

/** Walks a list page by page; `between` may change the list before each next page is asked. */
function walk(
  start: Item[],
  order: Order<Item>,
  limit: number,
  between: (list: Item[], page: number) => Item[] = (list) => list,
) {
  const seen: number[] = [];
  let list = start;
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const answer = pageOf(list, order, { cursor, limit });
    expect(answer.items.length).toBeLessThanOrEqual(limit);
    seen.push(...answer.items.map((item) => item.id));
    if (answer.nextCursor === null) return seen;
    cursor = answer.nextCursor;
    list = between(list, page);
  }
  throw new Error('the walk did not end');
}

describe('the paging cursor', () => {
  it('walks the whole list exactly once, in the order, whatever the items and page size', () => {
    fc.assert(
      fc.property(
        itemsArb,
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom(...ORDERS),
        (items, limit, order) => {
          const seen = walk(items, order, limit);
          expect(seen).toEqual(ordered(items, order).map((item) => item.id));
          expect(new Set(seen).size).toBe(items.length);
        },
      ),
    );
  });

  it('serves every item that stays throughout exactly once when others are removed or added between pages', () => {
    fc.assert(
      fc.property(
        itemsArb,
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(...ORDERS),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.array(fc.record({ price: fc.integer({ min: 0, max: 6 }), name: fc.constantFrom('Alba', 'Nin') })),
        (items, limit, order, removals, additions) => {
          const removed = new Set<number>();
          const seen = walk(items, order, limit, (list, page) => {
            // A sale takes one item away; a new listing brings another (with a fresh id).
            let next = list;
            const victim = list[(removals[page] ?? 0) % Math.max(list.length, 1)];
            if (removals[page] !== undefined && victim) {
              removed.add(victim.id);
              next = next.filter((item) => item !== victim);
            }
            const added = additions[page];
            if (added) next = [...next, { id: 20_000 + page, ...added }];
            // The upstream answers a new (sorted) list each time.
            return [...ordered(next, order)];
          });
          expect(new Set(seen).size).toBe(seen.length);
          const throughout = items.filter((item) => !removed.has(item.id)).map((item) => item.id);
          for (const id of throughout) expect(seen).toContain(id);
        },
      ),
    );
  });

  it('keeps an unsorted tie order in one place: ties go by id', () => {
    const items = [
      { id: 9, price: 5, name: 'a' },
      { id: 2, price: 5, name: 'b' },
      { id: 4, price: 1, name: 'c' },
    ];
    expect(ordered(items, byPrice).map((i) => i.id)).toEqual([4, 2, 9]);
    // A list already in the order is served as it is (no copy).
    const sorted = [items[2]!, items[1]!, items[0]!];
    expect(ordered(sorted, byPrice)).toBe(sorted);
  });

  it('answers the page size asked, 50 by default, and says how many there are', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, price: i, name: '' }));
    const first = pageOf(items, byPrice, {});
    expect(first.items).toHaveLength(PAGE_LIMIT_DEFAULT);
    expect(first.total).toBe(120);
    const last = pageOf(items, byPrice, { cursor: first.nextCursor!, limit: 100 });
    expect(last.items.map((i) => i.id)).toEqual(items.slice(50).map((i) => i.id));
    expect(last.nextCursor).toBeNull();
    expect(pageOf([], byPrice, { limit: 5 })).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('refuses a cursor it did not make, or one of another sort', () => {
    const item = { id: 3, price: 10, name: 'x' };
    const refused = (order: Order<Item>, cursor: string) => {
      try {
        decodeCursor(order.tag, cursor);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('invalid');
        expect((error as DomainError).message).toBe(BAD_CURSOR);
        return true;
      }
      return false;
    };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(refused(byPrice, cursorAt(byPrice, item))).toBe(false);
    expect(decodeCursor(byPrice.tag, cursorAt(byPrice, item))).toEqual({ key: 10, id: 3 });
    expect(refused(byPrice, 'bm90IGpzb24')).toBe(true);
    expect(refused(byPrice, b64({ v: 2, s: 'test:price', k: 10, i: 3 }))).toBe(true);
    expect(refused(byPrice, b64({ v: 1, s: 'test:price', k: 10 }))).toBe(true);
    expect(refused(byPrice, b64({ v: 1, s: 'test:price', k: 10, i: 3, extra: 1 }))).toBe(true);
    expect(refused(byPrice, b64([1, 2]))).toBe(true);
    expect(refused(byPriceDown, cursorAt(byPrice, item))).toBe(true);
    expect(refused(byName, cursorAt(byPrice, item))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The routes, on a stub cards-market
// ---------------------------------------------------------------------------------------------------------

const team = {
  id: 1,
  name: 'Inter Miami',
  abbreviation: 'MIA',
  logoUrl: '',
  primaryColor: '#f7b5cd',
  secondaryColor: '#231f20',
};
const player = (id: number, price: number, position = 'Forward') => ({
  id,
  name: `Player ${id}`,
  position,
  detailedPosition: '',
  rarity: 'Common',
  currentPrice: price,
  basePrice: price,
  priceChange: id % 3,
  imageUrl: '',
  teamId: 1,
  team,
  rank: id,
  protected: false,
  mintedEditions: 1,
  maxEditions: 10,
});
/** 7 market cards, prices with ties, in the upstream's order (by price, ties in arrival order). */
const marketItems = [5, 1, 7, 3, 2, 6, 4]
  .map((id) => ({
    id: 100 + id,
    player: player(id, id < 4 ? 50 : 80),
    priceChange: id % 3,
    userId: id === 3 ? 12 : 0,
    price: id < 4 ? 50 : 80,
    editionNumber: 1,
    maxEditions: 10,
    listingId: id === 3 ? 9 : 0,
    listedAt: '',
  }))
  .sort((a, b) => a.price - b.price);
const marketAnswer = { items: marketItems };
/** The catalog's players (cards-market's ListAllPlayers without a sort) and the user's counts. */
const catalogPlayers = [1, 2, 3, 4, 5].map((id) => player(id, 10 * id, id % 2 ? 'Forward' : 'Defender'));
const ownedCounts = { counts: [{ playerId: 2, count: 1 }] };

const stubClients = {
  cardsMarket: {
    ListMarket: () => Promise.resolve(marketAnswer),
    ListAllPlayers: (request: { sort?: string }) =>
      Promise.resolve({ players: request.sort ? marketItems.map((item) => item.player) : catalogPlayers }),
    GetOwnedCounts: () => Promise.resolve(ownedCounts),
  },
  identity: { GetUsernames: () => Promise.resolve({ usernames: [{ id: 12, username: 'alba' }] }) },
} as unknown as Clients;
const shared = new SharedAnswers({ maxAgeMs: 60_000, capacity: 64 });

const app = express();
app.use((req, _res, next) => {
  (req as unknown as { session: object }).session = { userId: 7 };
  next();
});
app.use('/api', marketRoutes(stubClients, shared), cardsRoutes(stubClients, shared));
app.use(errorHandler(silentLogger));

const get = (path: string) => request(app).get(path);

describe('GET /api/market, paged', () => {
  it('answers the whole array without cursor and limit, as the spec has it', async () => {
    const res = await get('/api/market');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect((res.body as MarketItem[]).map((item) => item.id)).toEqual(marketItems.map((item) => item.id));
  });

  it('answers pages that together are the list once, ties by id', async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/market?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as MarketPage;
      expect(page.total).toBe(7);
      expect(Object.keys(page).sort()).toEqual(['items', 'nextCursor', 'total']);
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(ids).toEqual([101, 102, 103, 104, 105, 106, 107]);
    const alba = (await get('/api/market?limit=3')).body as MarketPage;
    expect(alba.items.find((item) => item.id === 103)?.username).toBe('alba');
  });

  it('gives a page its ETag, and 304 to a client that has it', async () => {
    const first = await get('/api/market?limit=3');
    const etag = first.headers['etag'] as string | undefined;
    expect(etag).toMatch(/^"/);
    const again = await request(app).get('/api/market?limit=3').set('If-None-Match', etag!);
    expect(again.status).toBe(304);
    const next = await get(`/api/market?limit=3&cursor=${(first.body as MarketPage).nextCursor}`);
    expect(next.headers['etag']).not.toBe(etag);
  });

  it('refuses a bad limit or cursor with 400 and a message', async () => {
    for (const limit of ['0', '101', '1.5', 'ten', '-3'])
      expect(await get(`/api/market?limit=${limit}`).then((r) => [r.status, r.body])).toEqual([
        400,
        { message: `limit: ${LIMIT_MESSAGE}` },
      ]);
    for (const cursor of ['%21%21', 'bm90IGpzb24', 'x'.repeat(401)]) {
      const res = await get(`/api/market?cursor=${cursor}`);
      expect([res.status, res.body]).toEqual([400, { message: BAD_CURSOR }]);
    }
    const priceCursor = cursorAt(marketOrder('price_asc'), {
      ...(await get('/api/market?limit=1')).body.items[0],
    } as MarketItem);
    expect((await get(`/api/market?limit=1&cursor=${priceCursor}`)).status).toBe(200);
    const otherSort = await get(`/api/market?sort=change&cursor=${priceCursor}`);
    expect([otherSort.status, otherSort.body]).toEqual([400, { message: BAD_CURSOR }]);
    const otherList = await get(`/api/market/all-players?cursor=${priceCursor}`);
    expect(otherList.status).toBe(400);
  });
});

describe('GET /api/market/all-players and GET /api/player-catalog, paged', () => {
  it('pages all players in their sort', async () => {
    const page = (await get('/api/market/all-players?sort=price_asc&limit=4')).body as MarketPage;
    expect(page.items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(page.total).toBe(7);
    expect(Array.isArray((await get('/api/market/all-players')).body)).toBe(true);
  });

  it('answers the whole catalog as today, and filters and pages it with the progress of every player', async () => {
    const whole = await get('/api/player-catalog');
    expect(whole.status).toBe(200);
    expect((whole.body as unknown[]).length).toBe(5);
    const forwards = await get('/api/player-catalog?position=Forward');
    expect((forwards.body as { player: { id: number } }[]).map((e) => e.player.id)).toEqual([1, 3, 5]);
    const first = (await get('/api/player-catalog?position=Forward&limit=2')).body as CatalogPage;
    expect(first.items.map((e) => e.player.id)).toEqual([1, 3]);
    expect(first).toMatchObject({ total: 3, collectedPlayers: 1, totalPlayers: 5 });
    // A page is what the contract says, nothing of the upstream's answer besides.
    expect(Object.keys(first).sort()).toEqual([
      'collectedPlayers',
      'items',
      'nextCursor',
      'total',
      'totalPlayers',
    ]);
    const second = (await get(`/api/player-catalog?position=Forward&limit=2&cursor=${first.nextCursor}`))
      .body as CatalogPage;
    expect(second.items.map((e) => e.player.id)).toEqual([5]);
    expect(second.nextCursor).toBeNull();
    const searched = (await get('/api/player-catalog?search=%20player%204&limit=5')).body as CatalogPage;
    expect(searched.items.map((e) => e.player.id)).toEqual([4]);
    expect((await get('/api/player-catalog?limit=0')).status).toBe(400);
    expect((await get('/api/player-catalog?unknown=1')).status).toBe(400);
  });
});
