import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type RouteDef } from '@touchline/contract';
import { HttpDriver } from '../src/http-driver';
import { CrowdPlayer, MOVES, World } from '../src/crowd/player';
import { Session } from '../src/crowd/session';
import { Tally } from '../src/crowd/tally';

interface Seen {
  method: string;
  url: string;
  body: string;
  idempotencyKey: string | undefined;
  forwardedFor: string | undefined;
}

let incomingAsked = 0;

/** Just enough of each answer for a player to choose its next move. */
function answer(method: string, path: string): [number, unknown] {
  if (path === '/api/register') return [201, { id: 41, username: 'crowd41' }];
  // The market's list in two pages, as the gateway pages it.
  if (path.startsWith('/api/market?'))
    return [
      200,
      path.includes('cursor=')
        ? { items: [{ id: 10, userId: 0, price: 60, player: { id: 4 } }], nextCursor: null, total: 2 }
        : { items: [{ id: 9, userId: 0, price: 50, player: { id: 3 } }], nextCursor: 'c1', total: 2 },
    ];
  if (path === '/api/user/cards')
    return [
      200,
      [
        { id: 1, forSale: false, player: { id: 3, currentPrice: 100, position: 'Forward' } },
        { id: 2, forSale: true, player: { id: 4, currentPrice: 80, position: 'Forward' } },
        // With the first, a lineup (issue 44): a goalkeeper, a defender, two midfielders.
        { id: 11, forSale: false, player: { id: 21, currentPrice: 90, position: 'Goalkeeper' } },
        { id: 12, forSale: false, player: { id: 22, currentPrice: 90, position: 'Defender' } },
        { id: 13, forSale: false, player: { id: 23, currentPrice: 90, position: 'Midfielder' } },
        { id: 14, forSale: false, player: { id: 24, currentPrice: 90, position: 'Midfielder' } },
      ],
    ];
  // Every other time nothing to answer: the player cancels one of its own offers instead.
  if (path === '/api/trades/incoming')
    return [200, incomingAsked++ % 2 ? [] : [{ id: 7, status: 'pending' }]];
  if (path === '/api/trades/outgoing') return [200, [{ id: 8, status: 'pending' }]];
  if (path === '/api/tradewishes' && method === 'GET') return [200, [{ id: 5, userId: 99 }]];
  if (path === '/api/missions')
    return [200, { daily: [{ id: 2, progress: 1, target: 1, claimed: false }], weekly: [] }];
  if (path === '/api/teams/with-player-counts') return [200, [{ id: 12 }]];
  if (path === '/api/matchday') return [200, { matchday: { id: 3, state: 'open' } }];
  if (path === '/api/create-payment-intent') return [200, { paymentIntentId: 'pi_crowd' }];
  return [200, {}];
}

function routeOf(method: string, path: string): RouteDef | undefined {
  return allRoutes.find(
    (r) =>
      r.method === method.toLowerCase() &&
      new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`).test(path),
  );
}

describe('a crowd player', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          body,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
        });
        const [status, json] = answer(req.method!, req.url!);
        res.writeHead(status, { 'content-type': 'application/json', 'set-cookie': 'tl_session=abc; Path=/' });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('makes every move through routes of the contract, with valid queries and bodies and keys on writes', async () => {
    const driver = new HttpDriver(url, { maxSockets: Infinity });
    const tally = new Tally();
    const world = new World();
    const session = new Session(driver, 'crowd41@bench.example', '10.0.0.42', 5_000, (o) => tally.add(o));
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const player = new CrowdPlayer(session, world, random);
    const partner = new CrowdPlayer(
      new Session(driver, 'crowd42@bench.example', '10.0.0.43', 5_000, () => undefined),
      world,
      random,
    );
    partner.session.username = 'crowd42';
    world.players.push(player, partner);
    expect(await session.register()).toBe(true);
    // Long enough for every kind of write on a busy machine (a move refetches what it invalidated).
    await player.run(Date.now() + 4_000, { medianMs: 1, p95Ms: 2 });
    // A screen's refetch after the last move may still be on its way: its answer goes to the tally too.
    await expect.poll(() => tally.total === seen.length, { timeout: 5_000 }).toBe(true);
    driver.close();

    const problems: string[] = [];
    for (const s of seen) {
      const [path, query] = s.url.split('?') as [string, string | undefined];
      const route = routeOf(s.method, path);
      if (!route) {
        problems.push(`${s.method} ${s.url}: no such route`);
        continue;
      }
      const q = Object.fromEntries(new URLSearchParams(query ?? ''));
      if (query && !route.query?.safeParse(q).success) problems.push(`${s.method} ${s.url}: bad query`);
      if (route.body && !route.body.safeParse(s.body ? JSON.parse(s.body) : undefined).success)
        problems.push(`${s.method} ${s.url}: bad body ${s.body}`);
      if (route.idempotent && s.method !== 'GET' && !s.idempotencyKey && path !== '/api/register')
        problems.push(`${s.method} ${s.url}: no Idempotency-Key`);
      if (s.forwardedFor !== '10.0.0.42') problems.push(`${s.method} ${s.url}: address ${s.forwardedFor}`);
    }
    expect(problems).toEqual([]);
    // The market is asked a page at a time: its first page, and the next after the cursor as it scrolls.
    const marketPaths = seen.map((s) => s.url).filter((u) => u.startsWith('/api/market?'));
    expect(marketPaths).toContain('/api/market?sort=price_asc&limit=50');
    expect(marketPaths).toContain('/api/market?sort=price_asc&limit=50&cursor=c1');
    expect(marketPaths.every((u) => u.includes('limit=50'))).toBe(true);
    // Every kind of write of MOVES happened (the fake answers make each one possible); the lineup,
    // a rarer move, has a test of its own below.
    const writes = new Set(
      seen.filter((s) => s.method !== 'GET').map((s) => routeOf(s.method, s.url.split('?')[0]!)!.path),
    );
    writes.delete('/api/matchday/:id/lineup');
    expect([...writes].sort()).toEqual(
      [
        '/api/create-payment-intent',
        '/api/market/buy/:id',
        '/api/market/sell/:id',
        '/api/market/withdraw/:id',
        '/api/missions/:id/claim',
        '/api/packs/purchase',
        '/api/payment/success',
        '/api/register',
        '/api/test-payments/:intentId/confirm',
        '/api/trades/:id',
        '/api/trades/:id/accept',
        '/api/trades/:id/decline',
        '/api/trades/create',
        '/api/trades/offer-for-wish',
        '/api/tradewishes',
      ].sort(),
    );
    expect(Object.keys(MOVES).length).toBeGreaterThan(10);
    // Each answer went to the tally under its group.
    expect(tally.total).toBe(seen.length);
  });

  it('fields a lineup of own cards, one per place and each player once, from /matchday (issue 44)', async () => {
    const before = seen.length;
    const driver = new HttpDriver(url, { maxSockets: Infinity });
    const session = new Session(driver, 'crowd44@bench.example', '10.0.0.45', 5_000, () => undefined);
    // A random() that always lands on the lineup move (the middle of its share of the weights).
    const weights = Object.entries(MOVES) as [string, number][];
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    const start = weights
      .slice(
        0,
        weights.findIndex(([m]) => m === 'lineup'),
      )
      .reduce((sum, [, w]) => sum + w, 0);
    const random = () => (start + MOVES.lineup / 2) / total;
    const player = new CrowdPlayer(session, new World(), random);
    await player.run(Date.now() + 200, { medianMs: 1, p95Ms: 2 });
    driver.close();
    const lineups = seen.slice(before).filter((s) => s.method === 'PUT');
    expect(lineups.length).toBeGreaterThan(0);
    for (const s of lineups) {
      expect(s.url).toBe('/api/matchday/3/lineup');
      expect(s.idempotencyKey).toBeTruthy();
      const body = JSON.parse(s.body) as { cardIds: number[]; captainCardId: number };
      expect([...body.cardIds].sort((a, b) => a - b)).toEqual([1, 11, 12, 13, 14]);
      expect(body.cardIds).toContain(body.captainCardId);
      expect(routeOf('PUT', s.url)!.body!.safeParse(body).success).toBe(true);
    }
  });

  it('asks a query once per tab until something invalidates it, and the balance on every shop visit', async () => {
    const before = seen.length;
    const driver = new HttpDriver(url, { maxSockets: Infinity });
    const world = new World();
    const session = new Session(driver, 'crowd43@bench.example', '10.0.0.44', 5_000, () => undefined);
    // Only the leaderboard and the shop, never a reload (random() is never below RELOAD_SHARE after the first).
    let calls = 0;
    const random = () => (calls++ === 0 ? 0.5 : 0.99);
    const player = new CrowdPlayer(session, world, random);
    await player.run(Date.now() + 300, { medianMs: 1, p95Ms: 2 });
    driver.close();
    const paths = seen.slice(before).map((s) => s.url);
    const count = (p: string) => paths.filter((x) => x === p).length;
    // The header's user is on every screen: read on the load, and again after each pack bought
    // (the web invalidates it, with no live stream to bring the new coins).
    expect(count('/api/user')).toBe(1 + count('/api/packs/purchase'));
    expect(count('/api/packs')).toBe(1);
    expect(count('/api/user/balance')).toBeGreaterThan(2);
  });
  it('follows an offer event as the web does: a new offer reads its list again, an ended one none (issue 41)', async () => {
    const driver = new HttpDriver(url, { maxSockets: Infinity });
    const session = new Session(driver, 'crowd44@bench.example', '10.0.0.45', 5_000, () => undefined);
    const player = new CrowdPlayer(session, new World(), () => 0.99);
    await player.run(Date.now() + 100, { medianMs: 1, p95Ms: 2 });
    const asked = (path: string) => seen.filter((s) => s.url === path).length;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const incoming = asked('/api/trades/incoming');
    const outgoing = asked('/api/trades/outgoing');

    for (const change of ['declined', 'accepted', 'countered', 'cancelled', 'expired', 'voided'])
      player.onOffer({ change, role: 'recipient', offerId: 7 });
    player.onOffer({ change: 'cancelled', role: 'sender', offerId: 8 });
    await settle();
    expect(asked('/api/trades/incoming')).toBe(incoming);
    expect(asked('/api/trades/outgoing')).toBe(outgoing);

    // The offers received are on every screen (the shell): a new one is asked for at once.
    player.onOffer({ change: 'made', role: 'recipient', offerId: 9 });
    await settle();
    expect(asked('/api/trades/incoming')).toBe(incoming + 1);
    driver.close();
  });
});
