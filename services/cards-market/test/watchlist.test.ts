import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, inTransaction } from '@touchline/kit';
import { decodeEvent } from '@touchline/protos';
import { fireCrossedAlerts } from '../src/db/watchlist';
import { dueTick } from '../src/domain/market-hours';
import { nextPrice } from '../src/domain/price-engine';
import {
  ALERTS_FULL,
  MAX_ALERTS_PER_PLAYER,
  MAX_WATCHED_PLAYERS,
  NOT_WATCHED,
  WATCHLIST_FULL,
} from '../src/domain/watchlist';
import { runDueTick } from '../src/use-cases/prices';
import {
  listWatchlist,
  removePriceAlert,
  setPriceAlert,
  unwatchPlayer,
  watchPlayer,
} from '../src/use-cases/watchlist';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// The market always open, ticking every 5 minutes of the test's own clock.
const ENV = { MARKET_HOURS: 'always' };
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let nextUser = 1000;
const newUser = () => ++nextUser;

beforeAll(async () => {
  market = await startMarketWithWallet(clock, ENV);
});
afterAll(async () => {
  await market?.stop();
});

const deps = () => marketDeps(market, clock, ENV);
const db = () => market.cards.database.db;

async function playerIds(count: number, offset = 0): Promise<number[]> {
  const rows = (await db()('players').orderBy('id').offset(offset).limit(count).select('id')) as {
    id: number;
  }[];
  return rows.map((r) => r.id);
}

async function priceOf(playerId: number): Promise<{ current: number; base: number }> {
  const row = (await db()('players').where({ id: playerId }).first('current_price', 'base_price')) as {
    current_price: number;
    base_price: number;
  };
  return { current: Number(row.current_price), base: Number(row.base_price) };
}

async function alertEvents(alertId: number) {
  const rows = (await db()('outbox')
    .where({ topic: 'market.price_alert.triggered', key: String(alertId) })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((r) => decodeEvent('market.price_alert.triggered', r.payload));
}

describe('the watchlist', () => {
  it(`stars up to ${MAX_WATCHED_PLAYERS} players; the next is refused with a clear message; a repeat is a no-op`, async () => {
    const user = newUser();
    const ids = await playerIds(MAX_WATCHED_PLAYERS + 1);
    for (const playerId of ids.slice(0, MAX_WATCHED_PLAYERS))
      expect((await watchPlayer(deps(), { userId: user, playerId })).created).toBe(true);
    await expect(watchPlayer(deps(), { userId: user, playerId: ids.at(-1)! })).rejects.toMatchObject({
      code: 'business_rule',
      message: WATCHLIST_FULL,
    });
    const again = await watchPlayer(deps(), { userId: user, playerId: ids[0]! });
    expect(again.created).toBe(false);
    const { entries } = await listWatchlist(deps(), user);
    expect(entries).toHaveLength(MAX_WATCHED_PLAYERS);
    expect(entries[0]!.player).toMatchObject({ id: expect.any(Number), currentPrice: expect.any(Number) });
    await expect(watchPlayer(deps(), { userId: user, playerId: 999_999 })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('two stars in parallel at 49 watched: exactly one fits', async () => {
    const user = newUser();
    const ids = await playerIds(MAX_WATCHED_PLAYERS + 1, 100);
    for (const playerId of ids.slice(0, MAX_WATCHED_PLAYERS - 1))
      await watchPlayer(deps(), { userId: user, playerId });
    const results = await Promise.allSettled([
      watchPlayer(deps(), { userId: user, playerId: ids[MAX_WATCHED_PLAYERS - 1]! }),
      watchPlayer(deps(), { userId: user, playerId: ids[MAX_WATCHED_PLAYERS]! }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listWatchlist(deps(), user)).entries).toHaveLength(MAX_WATCHED_PLAYERS);
  });

  it(`takes at most ${MAX_ALERTS_PER_PLAYER} alerts per watched player; unwatching removes them`, async () => {
    const user = newUser();
    const [playerId] = await playerIds(1, 200);
    await expect(
      setPriceAlert(deps(), { userId: user, playerId: playerId!, direction: 'above', threshold: 10 }),
    ).rejects.toMatchObject({ code: 'business_rule', message: NOT_WATCHED });
    await watchPlayer(deps(), { userId: user, playerId: playerId! });
    const alert = (p: Partial<{ direction: string; threshold: number }>) =>
      setPriceAlert(deps(), { userId: user, playerId: playerId!, direction: 'above', threshold: 10, ...p });
    await expect(alert({ direction: 'sideways' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(alert({ threshold: 0 })).rejects.toMatchObject({ code: 'invalid' });
    await expect(alert({ threshold: 1.5 })).rejects.toMatchObject({ code: 'invalid' });
    const first = await alert({ threshold: 10 });
    expect(first).toMatchObject({ created: true, alert: { direction: 'above', threshold: 10, met: true } });
    expect(await alert({ threshold: 10 })).toMatchObject({ created: false, alert: { id: first.alert.id } });
    await alert({ direction: 'below', threshold: 5 });
    await expect(alert({ threshold: 99_999_999 })).rejects.toMatchObject({
      code: 'business_rule',
      message: ALERTS_FULL,
    });
    await removePriceAlert(deps(), { userId: user, alertId: first.alert.id });
    await alert({ threshold: 99_999_999 });
    await expect(
      removePriceAlert(deps(), { userId: newUser(), alertId: first.alert.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await unwatchPlayer(deps(), { userId: user, playerId: playerId! });
    expect(await db()('price_alerts').where({ user_id: user })).toEqual([]);
  });
});

describe('price alerts and ticks', () => {
  it('one statement evaluates every alert of the moved players: fires once per crossing, again after crossing back', async () => {
    const [a, b] = [newUser(), newUser()];
    const [playerId] = await playerIds(1, 300);
    for (const user of [a, b]) await watchPlayer(deps(), { userId: user, playerId: playerId! });
    const price = (await priceOf(playerId!)).current;
    const above = (
      await setPriceAlert(deps(), {
        userId: a,
        playerId: playerId!,
        direction: 'above',
        threshold: price + 100,
      })
    ).alert;
    const below = (
      await setPriceAlert(deps(), {
        userId: b,
        playerId: playerId!,
        direction: 'below',
        threshold: price - 100,
      })
    ).alert;
    expect([above.met, below.met]).toEqual([false, false]);

    const move = (to: number) =>
      inTransaction(db(), (trx) => fireCrossedAlerts(trx, [{ id: playerId!, price: to }], clock.now()));
    const firedIds = async (to: number) => (await move(to)).map((f) => f.id);
    expect(await firedIds(price + 50)).toEqual([]);
    expect(await move(price + 100)).toEqual([
      {
        id: above.id,
        user_id: a,
        player_id: playerId,
        direction: 'above',
        threshold: price + 100,
        price: price + 100,
        player_name: expect.any(String),
      },
    ]);
    expect(await firedIds(price + 300)).toEqual([]); // still above: no second alert
    expect(await firedIds(price + 99)).toEqual([]); // back under the line: re-armed, silent
    expect(await firedIds(price + 101)).toEqual([above.id]); // crossed again: fires again
    expect(await firedIds(price - 100)).toEqual([below.id]);
    expect(await firedIds(price - 200)).toEqual([]);
  });

  it('a tick that crosses an alert writes one event, however often the tick is run again (retries, restarts)', async () => {
    clock.advance(5 * 60_000);
    const due = dueTick(clock.now(), 'always')!;
    // A player whose coming tick moves its price: the alert's line sits between the two prices.
    let chosen: { id: number; current: number; next: number } | undefined;
    for (const id of await playerIds(40, 400)) {
      const { current, base } = await priceOf(id);
      const next = nextPrice({ playerId: id, current, base, netDemand: 0 }, 'touchline', due.tick);
      if (next !== current) {
        chosen = { id, current, next };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const { id: playerId, current, next } = chosen!;
    const user = newUser();
    await watchPlayer(deps(), { userId: user, playerId });
    const direction = next > current ? 'above' : 'below';
    const { alert } = await setPriceAlert(deps(), { userId: user, playerId, direction, threshold: next });
    expect(alert.met).toBe(false);

    // The service's own job may run it first: either way the tick happens once. The tick reads
    // nothing outside its transaction (embedded PGlite has one connection: a read through the
    // player cache there would wait for the tick's own connection forever).
    const inside = () => {
      const base = deps();
      const players = Object.create(base.players) as typeof base.players;
      const refuse = () => Promise.reject(new Error('the tick left its transaction'));
      players.get = refuse;
      players.all = refuse;
      return { ...base, players };
    };
    await Promise.all([runDueTick(inside()), runDueTick(inside())]);
    await runDueTick(marketDeps(market, clock, ENV));
    expect((await priceOf(playerId)).current).toBe(next);
    const events = await alertEvents(alert.id);
    expect(events).toEqual([
      expect.objectContaining({
        alertId: alert.id,
        userId: user,
        playerId,
        direction,
        threshold: next,
        price: next,
        previousPrice: current,
        playerName: (await db()('players').where({ id: playerId }).first('name')).name,
        tick: due.tick,
      }),
    ]);
    const { entries } = await listWatchlist(deps(), user);
    expect(entries[0]!.alerts![0]).toMatchObject({ met: true, lastTriggeredAt: due.at.toISOString() });
  });
});
