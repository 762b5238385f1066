import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type InProcessBus, systemRandom } from '@touchline/kit';
import {
  eventually as pollUntil,
  eventMessage,
  silentLogger,
  type TestService,
} from '@touchline/kit/testing';
import type { MarketItem__Output } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import type { Player__Output } from '@touchline/protos/gen/touchline/cards_market/Player';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { createApp, liveHubOf, sharedAnswersOf } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import type { CardsMarketClient } from '../src/clients/cards-market';
import { notModified } from '../src/http/conditional';
import { SharedAnswers } from '../src/http/shared-answers';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, listenLocally, rawGet, startLiveUpstreams, type LiveUpstreams } from './support';

/**
 * The shared answers through the whole gateway: real identity (sessions) and notifications (the
 * live events, on an in-process bus), and a cards-market stand-in that counts its calls. The
 * max-age is long, so an answer changes only by an event or a mutation.
 */
let live: LiveUpstreams;
let bus: InProcessBus;
let identity: TestService;
let clients: Clients;
let app: ReturnType<typeof createApp>;
let gateway: { baseUrl: string; close(): Promise<void> };
let cookie: string;
let otherCookie: string;

/** The stand-in market: its listings, the price of every player, and the calls it got. */
const market = {
  cards: [1, 2, 3],
  price: 100,
  calls: 0,
  playerCalls: 0,
  statusCalls: 0,
  /** While set, ListMarket waits for it (to hold requests together). */
  gate: undefined as Promise<void> | undefined,
};

function player(price: number, id = 7): Player__Output {
  const team = { id: 1, name: 'Team', shortName: 'Team', abbreviation: 'TEA', logoUrl: '' } as never;
  return {
    id,
    name: 'A Player',
    position: 'FW',
    rarity: 'Common',
    currentPrice: price,
    basePrice: 100,
    teamId: 1,
    team,
    mintedEditions: 1,
    maxEditions: 10,
  } as unknown as Player__Output;
}

const item = (cardId: number): MarketItem__Output =>
  ({ id: cardId, player: player(market.price), userId: 0, price: market.price }) as MarketItem__Output;

const starterPacksRevealed = new Set<number>();

const standIn = {
  async ListMarket() {
    market.calls++;
    if (market.gate) await market.gate;
    return { items: market.cards.map(item) };
  },
  async BuyCard(request: { cardId: number }) {
    market.cards = market.cards.filter((id) => id !== request.cardId);
    const card = { id: request.cardId, player: player(market.price), editionNumber: 1 };
    return { card, pricePaid: market.price, remainingCoins: 1_000 };
  },
  async ListAllPlayers() {
    market.playerCalls++;
    return { players: [player(market.price, 9), player(market.price, 7)] };
  },
  /** The starter-pack reads it answered (revealed for the users in starterPacksRevealed). */
  starterPackCalls: 0,
  async GetStarterPack(request: { userId: number }) {
    this.starterPackCalls++;
    return { cards: [], revealed: starterPacksRevealed.has(request.userId) };
  },
  async GetCollectionSummaries() {
    return { summaries: [] };
  },
  async GetMarketStatus() {
    market.statusCalls++;
    return { isOpen: true, nextEvent: 'close', nextEventAt: '2026-11-23T21:00:00.000Z' };
  },
  async GetOwnedCounts(request: { userId: number }) {
    return { counts: request.userId === 4_000_001 ? [{ playerId: 7, count: 2 }] : [] };
  },
  close() {},
};

beforeAll(async () => {
  live = await startLiveUpstreams();
  ({ bus, identity } = live);
  const addresses = live.addresses;
  clients = createClients(addresses, { defaultTimeoutMs: 10_000 });
  clients.cardsMarket.close();
  clients.cardsMarket = standIn as unknown as CardsMarketClient;
  app = createApp({
    // 50 requests at once from one user: above the per-user in-flight limit, which is not tested here.
    // No coalescing interval: each change is seen by the next request (the store's tests cover it).
    config: gatewayConfig({
      SHARED_ANSWER_MAX_AGE_MS: '600000',
      SHARED_ANSWER_MIN_INTERVAL_MS: '0',
      IN_FLIGHT_PER_USER: '100',
    }),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  gateway = await listenLocally(app);
  const signer = await createTokenSigner(identity.database.db, systemRandom);
  const sessionOf = async (userId: number) => {
    const { token } = await signer.sign({ userId, sessionId: randomUUID(), isAdmin: false }, new Date(), 900);
    return `tl_session=${token}`;
  };
  cookie = await sessionOf(4_000_001);
  otherCookie = await sessionOf(4_000_002);
  // The first shared read starts the live subscription; its first message drops every answer.
  await get('/api/market');
  await liveHubOf(app).upstreamReady(10_000);
}, 120_000);

afterAll(async () => {
  if (app) liveHubOf(app).close();
  await gateway?.close();
  if (clients) closeClients(clients);
  await live?.stop();
});

beforeEach(() => {
  market.cards = [1, 2, 3];
  market.gate = undefined;
  sharedAnswersOf(app).clear(); // the stand-in changed behind the store's back
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawGet(`${gateway.baseUrl}${path}`, { cookie, 'X-Forwarded-For': '10.8.0.1', ...headers });

const idsOf = (body: Buffer) => (JSON.parse(body.toString()) as { id: number }[]).map((i) => i.id);
const pricesOf = (body: Buffer) => (JSON.parse(body.toString()) as { price: number }[]).map((i) => i.price);

const eventually = (check: () => Promise<void>, timeoutMs = 10_000): Promise<void> =>
  pollUntil(check, timeoutMs, 20);

async function buy(cardId: number) {
  const res = await fetch(`${gateway.baseUrl}/api/market/buy/${cardId}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: 'http://touchline.test',
      'content-type': 'application/json',
      'X-Forwarded-For': '10.8.0.1',
    },
    body: JSON.stringify({ expectedPrice: market.price }),
  });
  expect(res.status, await res.text()).toBe(200);
}

describe('a shared answer (GET /api/market)', () => {
  it('carries a strong ETag and Cache-Control, and answers 304 with no body to a client that has it', async () => {
    const first = await get('/api/market');
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api/market', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // Not behind any change, and a 304 says so too (a browser's cached copy takes its headers).
    expect([first.headers['touchline-answer-behind'], again.headers['touchline-answer-behind']]).toEqual([
      '0',
      '0',
    ]);
  });

  it('names the coding in the ETag, and a client holding either coding has the content', async () => {
    const gzip = await get('/api/market', { 'Accept-Encoding': 'gzip' });
    if (gzip.headers['content-encoding'] === 'gzip') expect(gzip.headers.etag).toMatch(/\.gzip"$/);
    const plain = await get('/api/market', { 'If-None-Match': gzip.headers.etag! });
    expect(plain.status).toBe(304);
  });

  it('a stale or foreign ETag gets the new answer, never an error', async () => {
    const before = await get('/api/market');
    await buy(2);
    const after = await get('/api/market', { 'If-None-Match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(idsOf(after.body)).toEqual([1, 3]);
    for (const foreign of ['"not-ours"', 'W/"x"', 'garbage', '""']) {
      const res = await get('/api/market', { 'If-None-Match': foreign });
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([1, 3]);
    }
  });

  it('changes at once for the buyer after a buy', async () => {
    const before = await get('/api/market');
    expect(idsOf(before.body)).toEqual([1, 2, 3]);
    const calls = market.calls;
    // Kept: asked again, the store does not call the market.
    expect(idsOf((await get('/api/market')).body)).toEqual([1, 2, 3]);
    expect(market.calls).toBe(calls);
    await buy(3);
    expect(idsOf((await get('/api/market')).body)).toEqual([1, 2]);
  });

  it('changes after a price tick heard on the live events', async () => {
    await buy(1); // a fresh answer to start from
    const before = await get('/api/market');
    const calls = market.calls;
    market.price = 250; // the market answers the new price; the gateway does not know yet
    const kept = await get('/api/market');
    expect(kept.headers.etag).toBe(before.headers.etag);
    expect(market.calls).toBe(calls);
    await bus.publish([
      eventMessage('market.prices.ticked', 'market', {
        tick: 1,
        tickedAt: new Date().toISOString(),
        prices: [{ playerId: 7, price: 250, previousPrice: 100, priceChange: 150 }],
      }),
    ]);
    await eventually(async () => expect(pricesOf((await get('/api/market')).body)).toEqual([250, 250]));
  });

  it('50 concurrent identical requests make one upstream call', async () => {
    await buy(2); // nothing kept
    let release!: () => void;
    market.gate = new Promise<void>((resolve) => (release = resolve));
    const store = sharedAnswersOf(app);
    const original = store.get.bind(store);
    let asked = 0;
    store.get = ((...args: Parameters<typeof original>) => {
      asked++;
      return original(...args);
    }) as typeof store.get;
    try {
      const calls = market.calls;
      const answers = Promise.all(Array.from({ length: 50 }, () => get('/api/market')));
      // Every request is waiting on the one load before the market answers.
      await eventually(async () => expect(asked).toBe(50));
      release();
      const results = await answers;
      expect(market.calls - calls).toBe(1);
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(new Set(results.map((r) => r.headers.etag)).size).toBe(1);
      expect(idsOf(results[0]!.body)).toEqual([1, 3]);
    } finally {
      store.get = original;
    }
  });
});

describe('the usernames and the market hours (GET /api/users/usernames, /api/market/status)', () => {
  /** Counts identity's ListUsernames calls from here on. */
  function countListUsernames(): { calls: number; restore(): void } {
    const original = clients.identity.ListUsernames;
    const counter = {
      calls: 0,
      restore: () => void (clients.identity.ListUsernames = original),
    };
    clients.identity.ListUsernames = ((...args: Parameters<typeof original>) => {
      counter.calls++;
      return original.apply(clients.identity, args);
    }) as typeof original;
    return counter;
  }

  it('are loaded once for every reader, with an ETag', async () => {
    const counter = countListUsernames();
    try {
      const first = await get('/api/users/usernames');
      const again = await get('/api/users/usernames', { cookie: otherCookie });
      expect(first.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(counter.calls).toBe(1);
      expect((await get('/api/users/usernames', { 'If-None-Match': first.headers.etag! })).status).toBe(304);
    } finally {
      counter.restore();
    }
    const statusCalls = market.statusCalls;
    const status = await get('/api/market/status');
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body.toString())).toEqual({
      isOpen: true,
      nextEvent: 'close',
      nextEventAt: '2026-11-23T21:00:00.000Z',
    });
    expect((await get('/api/market/status', { 'If-None-Match': status.headers.etag! })).status).toBe(304);
    expect(market.statusCalls).toBe(statusCalls + 1);
  });

  it('show a sign-up through this gateway at once', async () => {
    const names = async () => JSON.parse((await get('/api/users/usernames')).body.toString()) as unknown[];
    await names(); // kept from now on: the max-age here is ten minutes
    const email = `shared.${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await fetch(`${gateway.baseUrl}/api/register`, {
      method: 'POST',
      headers: {
        origin: 'http://touchline.test',
        'content-type': 'application/json',
        'X-Forwarded-For': '10.8.0.9',
      },
      body: JSON.stringify({ email, password: 'correct horse battery staple' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const { id, username } = (await signUp.json()) as { id: number; username: string };
    expect(await names()).toContainEqual({ id, username });
  });
});

describe('the leaderboard (GET /api/leaderboard)', () => {
  it('is loaded once for every reader, and again after the board changes on the live events', async () => {
    const original = clients.leaderboard.GetTop;
    let calls = 0;
    let value = 5_000;
    clients.leaderboard.GetTop = (async () => {
      calls++;
      return {
        entries: [{ userId: 990_001, collectionValue: value, cardCount: 3, rank: 1 }],
        asOf: '',
        total: 1,
      };
    }) as unknown as typeof original;
    try {
      const first = await get('/api/leaderboard');
      expect(first.status).toBe(200);
      expect(JSON.parse(first.body.toString())).toEqual([
        { user: { id: 990_001, username: 'User #990001' }, collectionValue: 5_000, cardCount: 3, rank: 1 },
      ]);
      const again = await get('/api/leaderboard', { cookie: otherCookie });
      expect(again.body.equals(first.body)).toBe(true);
      expect((await get('/api/leaderboard', { 'If-None-Match': first.headers.etag! })).status).toBe(304);
      expect(calls).toBe(1);
      value = 7_500;
      await bus.publish([
        eventMessage('leaderboard.board.changed', 'board', {
          moves: [{ userId: 990_001, collectionValue: 7_500, previousValue: 5_000, cardCount: 4, rank: 1 }],
          truncated: false,
          asOf: new Date().toISOString(),
        }),
      ]);
      await eventually(async () => {
        const board = JSON.parse((await get('/api/leaderboard')).body.toString()) as {
          collectionValue: number;
        }[];
        expect(board[0]!.collectionValue).toBe(7_500);
      });
      expect(calls).toBe(2);
    } finally {
      clients.leaderboard.GetTop = original;
    }
  });
});

describe('the open trade wishes (GET /api/tradewishes)', () => {
  it('are loaded once per filter for every reader, and again after a wish changes on the live events', async () => {
    const original = clients.trading.ListWishes;
    const asked: string[] = [];
    let notes = 'first';
    clients.trading.ListWishes = (async (request: { rarity: string; userId: number }) => {
      asked.push(`${request.rarity || 'any'} by ${request.userId}`);
      return {
        wishes: [
          {
            id: 77,
            userId: 990_002,
            cardId: 0,
            desiredRarity: request.rarity,
            desiredPosition: '',
            desiredTeamId: 0,
            minimumCoins: 0,
            notes,
            status: 'active',
            createdAt: '2026-12-01T00:00:00.000Z',
          },
        ],
      };
    }) as unknown as typeof original;
    try {
      const first = await get('/api/tradewishes');
      expect(first.status).toBe(200);
      expect(JSON.parse(first.body.toString())).toMatchObject([{ id: 77, notes: 'first', username: null }]);
      const again = await get('/api/tradewishes', { cookie: otherCookie });
      expect(again.body.equals(first.body)).toBe(true);
      expect((await get('/api/tradewishes', { 'If-None-Match': first.headers.etag! })).status).toBe(304);
      expect((await get('/api/tradewishes?rarity=Epic')).status).toBe(200);
      // The service is asked as nobody in particular: the answer is everyone's.
      expect(asked).toEqual(['any by 0', 'Epic by 0']);
      notes = 'second';
      await bus.publish([
        eventMessage('trading.wish.created', '78', {
          wishId: 78,
          userId: 990_003,
          cardId: 5,
          createdAt: new Date().toISOString(),
        }),
      ]);
      await eventually(async () => {
        const wishes = JSON.parse((await get('/api/tradewishes')).body.toString()) as { notes: string }[];
        expect(wishes[0]!.notes).toBe('second');
      });
      expect(asked).toHaveLength(3);
    } finally {
      clients.trading.ListWishes = original;
    }
  });
});

describe('the starter pack (GET /api/user/starter-pack)', () => {
  it('is not asked for again once the service said it was revealed, which is for good', async () => {
    const ask = async () => {
      const calls = standIn.starterPackCalls;
      const answer = await get('/api/user/starter-pack', { cookie: otherCookie });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toEqual([]);
      return standIn.starterPackCalls - calls;
    };
    expect(await ask()).toBe(1); // not revealed (not granted yet): asked each time
    expect(await ask()).toBe(1);
    starterPacksRevealed.add(4_000_002);
    expect(await ask()).toBe(1); // the answer says revealed
    expect(await ask()).toBe(0);
    expect(await ask()).toBe(0);
  });
});

describe('the catalog (GET /api/player-catalog)', () => {
  it("is the shared players, loaded once for every user, with each user's own counts", async () => {
    const calls = market.playerCalls;
    const mine = await get('/api/player-catalog');
    const theirs = await get('/api/player-catalog', { cookie: otherCookie });
    expect(market.playerCalls - calls).toBe(1);
    const entries = (res: { body: Buffer }) =>
      (JSON.parse(res.body.toString()) as { player: { id: number }; owned: boolean; count: number }[]).map(
        (e) => [e.player.id, e.owned, e.count],
      );
    // In player id order, as cards-market keeps them.
    expect(entries(mine)).toEqual([
      [7, true, 2],
      [9, false, 0],
    ]);
    expect(entries(theirs)).toEqual([
      [7, false, 0],
      [9, false, 0],
    ]);
    // Per user, yet with an ETag: asked again unchanged, 304.
    expect(mine.headers.etag).not.toBe(theirs.headers.etag);
    expect((await get('/api/player-catalog', { 'If-None-Match': mine.headers.etag! })).status).toBe(304);
  });
});

describe('If-None-Match', () => {
  it('matches the content in any coding, weak or strong, in a list, or *', () => {
    expect(notModified('"abc"', 'abc')).toBe(true);
    expect(notModified('"abc.br"', 'abc')).toBe(true);
    expect(notModified('W/"abc.gzip"', 'abc')).toBe(true);
    expect(notModified('"x", "abc"', 'abc')).toBe(true);
    expect(notModified('*', 'abc')).toBe(true);
    expect(notModified('"abcd"', 'abc')).toBe(false);
    expect(notModified('abc', 'abc')).toBe(false);
    expect(notModified(undefined, 'abc')).toBe(false);
  });
});

describe('the store', () => {
  /** A store on a hand-moved clock, and a load that answers its call number. */
  function setup() {
    let now = 0;
    const store = new SharedAnswers({ maxAgeMs: 1_000, capacity: 8, now: () => now });
    let loads = 0;
    let release = () => {};
    const load = () => {
      const n = ++loads;
      return new Promise<{ n: number }>((resolve) => (release = () => resolve({ n })));
    };
    return {
      store,
      load,
      advance: (ms: number) => (now += ms),
      loads: () => loads,
      release: () => release(),
    };
  }

  it('runs one load of a key at a time: a change during a load is answered by the next, started after it', async () => {
    const s = setup();
    const first = s.store.get('k', ['prices'], s.load);
    s.store.changed('prices');
    const second = s.store.get('k', ['prices'], s.load);
    s.store.changed('prices');
    const third = s.store.get('k', ['prices'], s.load);
    // The second load has not started: the first is still running.
    expect(s.loads()).toBe(1);
    s.release();
    expect(await first).toEqual({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    // One load after it for both callers who needed a newer answer.
    expect(s.loads()).toBe(2);
    s.release();
    expect([await second, await third]).toEqual([{ n: 2 }, { n: 2 }]);
    // A change of another topic leaves it alone.
    s.store.changed('listings');
    expect(await s.store.get('k', ['prices'], s.load)).toEqual({ n: 2 });
    expect(s.loads()).toBe(2);
  });

  it('serves a changed answer within the minimum interval, then while it is rebuilt', async () => {
    let now = 0;
    const store = new SharedAnswers({ maxAgeMs: 10_000, minIntervalMs: 1_000, capacity: 8, now: () => now });
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 1 });
    now = 400;
    store.changed('listings');
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 1 });
    // After the interval it serves while one rebuild runs, up to three intervals old.
    now = 1_000;
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 2 });
    store.changed('listings');
    now = 4_000;
    // Past three intervals, a changed answer waits for its rebuild.
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 3 });
    store.changed('listings');
    now = 4_500;
    expect(await store.get('k', ['listings'], load)).toEqual({ n: 3 });
    expect(loads).toBe(3);
  });

  it('says an answer is behind while it serves one that a known change has passed', async () => {
    let now = 0;
    const store = new SharedAnswers({ maxAgeMs: 10_000, minIntervalMs: 1_000, capacity: 8, now: () => now });
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    const first = await store.get('k', ['listings'], load);
    expect(store.headersFor('k', ['listings'], first)).toEqual({ 'Touchline-Answer-Behind': '0' });
    // A change of another topic does not make it behind.
    store.changed('prices');
    expect(store.isBehind('k', ['listings'], first)).toBe(false);
    now = 400;
    store.changed('listings');
    const coalesced = await store.get('k', ['listings'], load);
    expect(coalesced).toBe(first);
    expect(store.headersFor('k', ['listings'], coalesced)).toEqual({ 'Touchline-Answer-Behind': '1' });
    // The rebuilt answer is not; the one it replaced, handed out before, still is.
    now = 4_000;
    const rebuilt = await store.get('k', ['listings'], load);
    expect(rebuilt).toEqual({ n: 2 });
    expect(store.isBehind('k', ['listings'], rebuilt)).toBe(false);
    expect(store.isBehind('k', ['listings'], first)).toBe(true);
    // Everything dropped (the live link came back): what was handed out is behind.
    store.clear();
    expect(store.isBehind('k', ['listings'], rebuilt)).toBe(true);
  });

  it("a user's own change is theirs at once; the others share the coalesced answer (read-your-writes)", async () => {
    let now = 0;
    const store = new SharedAnswers({ maxAgeMs: 10_000, minIntervalMs: 1_000, capacity: 8, now: () => now });
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    const seller = 7;
    const other = 8;
    expect(await store.get('k', ['listings'], load, seller)).toEqual({ n: 1 });
    now = 400;
    // The seller lists a card through this process: their next read has it, within the interval.
    store.changedBy(seller, 'listings');
    expect(await store.get('k', ['listings'], load, other)).toEqual({ n: 1 });
    expect(await store.get('k', ['listings'], load, seller)).toEqual({ n: 2 });
    // The answer after the change is everyone's now.
    expect(await store.get('k', ['listings'], load, other)).toEqual({ n: 2 });
    // A change by someone else (a live event, another user's sale) is coalesced for the seller too.
    now = 600;
    store.changedBy(other, 'listings');
    expect(await store.get('k', ['listings'], load, seller)).toEqual({ n: 2 });
    store.changed('listings');
    expect(await store.get('k', ['listings'], load, seller)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('past the max-age serves the old answer while one reload runs; past twice the max-age it waits', async () => {
    const s = setup();
    const first = s.store.get('k', [], s.load);
    s.release();
    expect(await first).toEqual({ n: 1 });
    s.advance(1_000);
    expect(await s.store.get('k', [], s.load)).toEqual({ n: 1 });
    expect(await s.store.get('k', [], s.load)).toEqual({ n: 1 });
    expect(s.loads()).toBe(2);
    s.release();
    await new Promise((resolve) => setImmediate(resolve)); // the reload's answer is kept
    expect(await s.store.get('k', [], s.load)).toEqual({ n: 2 });
    s.advance(2_000);
    const waited = s.store.get('k', [], s.load);
    expect(s.loads()).toBe(3);
    s.release();
    expect(await waited).toEqual({ n: 3 });
  });

  it("freezes an answer in tests: a handler that mutates it throws instead of changing everyone's", async () => {
    const store = new SharedAnswers({ maxAgeMs: 10_000, capacity: 2 });
    const body = await store.get('k', [], () => Promise.resolve({ items: [{ price: 1 }] }));
    expect(() => {
      body.items[0]!.price = 2;
    }).toThrow(TypeError);
    expect(await store.get('k', [], () => Promise.resolve({ items: [{ price: 3 }] }))).toEqual({
      items: [{ price: 1 }],
    });
  });

  it('when full, drops the answer least recently used, not the oldest', async () => {
    const store = new SharedAnswers({ maxAgeMs: 10_000, capacity: 2 });
    const loads: string[] = [];
    const load = (key: string) => () => (loads.push(key), Promise.resolve({ key }));
    await store.get('a', [], load('a'));
    await store.get('b', [], load('b'));
    await store.get('a', [], load('a'));
    await store.get('c', [], load('c'));
    await store.get('a', [], load('a'));
    expect(loads).toEqual(['a', 'b', 'c']);
    await store.get('b', [], load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
