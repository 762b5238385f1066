import { describe, expect, it } from 'vitest';
import { routeGroup, routeOf } from '../src/crowd/groups';
import { Tally, type Outcome } from '../src/crowd/tally';
import { capacity, missedTargets, tooManyRefused } from '../src/crowd/targets';
import { meanThinkMs, thinkTimeMs } from '../src/crowd/think';
import { percentiles } from '../src/stats';

function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

const ok = (group: Outcome['group'], ms: number, status = 200, retryAfter = false): Outcome => ({
  group,
  status,
  ms,
  timedOut: false,
  retryAfter,
});

function tallyOf(outcomes: Outcome[]): Tally {
  const t = new Tally();
  for (const o of outcomes) t.add(o);
  return t;
}

describe('the think time', () => {
  it('has the median and 95th percentile it is given, and the mean of a log-normal', () => {
    const random = seeded(11);
    const think = { medianMs: 2_000, p95Ms: 10_000 };
    const samples = Array.from({ length: 40_000 }, () => thinkTimeMs(think, random));
    const p = percentiles(samples);
    expect(p.p50 / 2_000).toBeCloseTo(1, 1);
    expect(p.p95 / 10_000).toBeCloseTo(1, 1);
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    expect(mean / meanThinkMs(think)).toBeCloseTo(1, 1);
    expect(Math.min(...samples)).toBeGreaterThan(0);
  });
});

describe('route groups', () => {
  it.each([
    ['GET', '/api/market?sort=price_asc', 'shared reads'],
    ['GET', '/api/market/all-players?sort=price_desc', 'shared reads'],
    ['GET', '/api/market/players/3/history?range=1d', 'shared reads'],
    ['GET', '/api/player-catalog', 'shared reads'],
    ['GET', '/api/teams/4/players', 'shared reads'],
    ['GET', '/api/leaderboard', 'shared reads'],
    ['GET', '/api/user/cards', 'per-user reads'],
    ['GET', '/api/user/balance', 'per-user reads'],
    ['GET', '/api/trades/incoming', 'per-user reads'],
    ['POST', '/api/market/buy/9', 'buys/sells/trade answers'],
    ['POST', '/api/market/sell/9', 'buys/sells/trade answers'],
    ['POST', '/api/trades/7/accept', 'buys/sells/trade answers'],
    ['DELETE', '/api/trades/7', 'buys/sells/trade answers'],
    ['POST', '/api/packs/purchase', 'packs'],
    ['POST', '/api/create-payment-intent', 'coins'],
    ['POST', '/api/test-payments/pi_1/confirm', 'coins'],
    ['POST', '/api/trades/create', 'other writes'],
    ['POST', '/api/missions/2/claim', 'other writes'],
    ['POST', '/api/login', 'sign-in'],
  ])('%s %s is in %s', (method, path, group) => {
    expect(routeGroup(method, path)).toBe(group);
  });
});

describe('the targets of a level', () => {
  const fast = [ok('shared reads', 20), ok('per-user reads', 30), ok('buys/sells/trade answers', 90)];

  it('up to 250 players: met by fast answers with refusals of the client (4xx) only', () => {
    expect(missedTargets(250, tallyOf([...fast, ok('buys/sells/trade answers', 80, 409)]))).toEqual([]);
  });

  it('up to 250 players: any 5xx, any timeout, or a p99 above its ceiling misses', () => {
    expect(missedTargets(100, tallyOf([...fast, ok('packs', 40, 503, true)]))).toEqual(['1 × 503 refused']);
    expect(missedTargets(100, tallyOf([...fast, ok('packs', 40, 503)]))).toEqual(['1 × 503']);
    expect(missedTargets(100, tallyOf([...fast, { ...ok('packs', 10_000, 0), timedOut: true }]))).toEqual([
      '1 timeouts or lost connections',
    ]);
    expect(missedTargets(250, tallyOf([...fast, ok('shared reads', 251)]))).toEqual([
      'shared reads p99 251 ms > 250 ms',
    ]);
    expect(missedTargets(250, tallyOf([...fast, ok('per-user reads', 401)]))).toEqual([
      'per-user reads p99 401 ms > 400 ms',
    ]);
  });

  it('beyond 250 players: slow answers and a few refusals with Retry-After are allowed', () => {
    const many = Array.from({ length: 100 }, () => ok('shared reads', 2_000));
    const refusals = Array.from({ length: 4 }, () => ok('per-user reads', 1, 503, true));
    expect(missedTargets(1_000, tallyOf([...many, ...refusals]))).toEqual([]);
  });

  it('beyond 250 players: 500/502/504, refusals without Retry-After or 5% refused miss', () => {
    const many = Array.from({ length: 100 }, () => ok('shared reads', 20));
    expect(missedTargets(1_000, tallyOf([...many, ok('shared reads', 5_000, 504)]))).toEqual(['1 × 504']);
    expect(missedTargets(1_000, tallyOf([...many, ok('packs', 1, 429, false)]))).toEqual([
      '1 refusals without Retry-After',
    ]);
    const refused = Array.from({ length: 6 }, () => ok('packs', 1, 429, true));
    expect(missedTargets(1_000, tallyOf([...many, ...refused]))).toEqual(['5.7% refused (429/503) ≥ 5%']);
  });

  it('beyond 250 players: a 503 without Retry-After is named once, as a refusal the client cannot pace', () => {
    const many = Array.from({ length: 100 }, () => ok('shared reads', 20));
    expect(missedTargets(1_000, tallyOf([...many, ok('shared reads', 5, 503)]))).toEqual([
      '1 refusals without Retry-After',
    ]);
  });

  it('the capacity is the largest level that met its targets, and none when the audit failed', () => {
    const levels = [
      { players: 100, missed: [] },
      { players: 250, missed: [] },
      { players: 500, missed: ['1 × 504'] },
      { players: 1_000, missed: ['1 × 504'] },
    ];
    expect(capacity(levels, true)).toBe(250);
    expect(capacity(levels, false)).toBe(0);
    expect(capacity([{ players: 100, missed: ['x'] }], true)).toBe(0);
  });
});

describe('refusals and failures (what CI fails on)', () => {
  const many = Array.from({ length: 100 }, () => ok('shared reads', 20));

  it('counts a 429 or 503 with Retry-After as a refusal, not a failure: CI passes', () => {
    const t = tallyOf([...many, ok('shared reads', 40, 503, true), ok('per-user reads', 3, 429, true)]);
    expect(t.statuses()).toEqual([]);
    expect(t.refusedStatuses()).toEqual(['429', '503']);
    expect([t.refusedCount('503'), t.refused()]).toEqual([1, 2]);
    expect(t.failed()).toBe(false);
    expect(tooManyRefused(t)).toBe(false);
  });

  it.each([500, 502, 504])('counts a %i as a failure: CI fails', (status) => {
    const t = tallyOf([...many, ok('shared reads', 2_200, status, true)]);
    expect(t.statuses()).toEqual([String(status)]);
    expect(t.refused()).toBe(0);
    expect(t.failed()).toBe(true);
  });

  it('counts a 503 without Retry-After, a timeout and a lost connection as failures', () => {
    expect(tallyOf([ok('shared reads', 40, 503)]).failed()).toBe(true);
    expect(tallyOf([{ ...ok('shared reads', 10_000, 0), timedOut: true }]).failed()).toBe(true);
    expect(tallyOf([ok('shared reads', 10, 0)]).failed()).toBe(true);
    // A client's own 4xx is neither.
    expect(tallyOf([ok('buys/sells/trade answers', 10, 409)]).failed()).toBe(false);
  });

  it('fails CI once refusals reach 5% of the requests: a crowd turned away is no pass', () => {
    const refused = Array.from({ length: 6 }, () => ok('shared reads', 1, 503, true));
    const t = tallyOf([...many, ...refused]);
    expect(t.failed()).toBe(false);
    expect(tooManyRefused(t)).toBe(true);
  });
});

describe('the slowest routes', () => {
  it('name a route without its ids and query, and rank routes by p99', () => {
    expect(routeOf('get', '/api/market/price-history/12?range=1d')).toBe('GET /api/market/price-history/:id');
    expect(routeOf('POST', '/api/trades/7/accept')).toBe('POST /api/trades/:id/accept');
    expect(routeOf('POST', '/api/test-payments/pi_test_b6215fefdf79c7bd/confirm')).toBe(
      'POST /api/test-payments/:id/confirm',
    );
    const t = tallyOf([
      ...Array.from({ length: 50 }, (_, i) => ({ ...ok('shared reads', 10 + i), route: 'GET /api/market' })),
      { ...ok('per-user reads', 900), route: 'GET /api/user/cards' },
      { ...ok('per-user reads', 5), route: 'GET /api/user/cards' },
    ]);
    expect(t.slowestRoutes(1)).toEqual([['GET /api/user/cards', expect.objectContaining({ count: 2 })]]);
    expect(t.slowestRoutes(5).map(([route]) => route)).toEqual(['GET /api/user/cards', 'GET /api/market']);
  });
});
