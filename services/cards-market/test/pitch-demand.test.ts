import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@touchline/kit';
import { eventMessage } from '@touchline/kit/testing';
import { nextPrice } from '../src/domain/price-engine';
import { PITCH_DEMAND, pitchDemandUnits, pitchPriceMove } from '../src/domain/pitch-demand';
import { runDueTick } from '../src/use-cases/prices';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

describe('pitch demand units', () => {
  it('is a unit per 3 points, toward zero, from -2 to +4', () => {
    expect([0, 2, 3, 5, 6, 11, 12, 14, 40].map(pitchDemandUnits)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 4]);
    expect([-1, -2, -3, -5, -6, -9].map(pitchDemandUnits)).toEqual([0, 0, -1, -1, -2, -2]);
    expect(pitchDemandUnits(Number.NaN)).toBe(0);
    expect(pitchPriceMove(14)).toBeCloseTo(PITCH_DEMAND.maxUnits * 0.01);
  });
});

// Monday 2026-11-23, 10:02 ET: the 10:00 tick ran as the service started; the next is 10:05.
const clock = fixedClock('2026-11-23T15:02:00Z');
const ENV = { MARKET_HOURS: 'schedule', PRICE_TICK_CHECK_MS: '86400000' };
let market: MarketWithWallet;

beforeAll(async () => {
  market = await startMarketWithWallet(clock, ENV);
});
afterAll(async () => {
  await market?.stop();
});

const scored = (matchdayId: number, players: { playerId: number; points: number }[], eventId: string) =>
  eventMessage(
    'matchday.results.scored',
    String(matchdayId),
    { matchdayId, scoredAt: clock.now().toISOString(), entries: 3, bestPoints: 200, players },
    { eventId },
  );

describe('the market follows the pitch', () => {
  it("moves the players' prices at the next tick by their points, once per matchday", async () => {
    const db = market.cards.database.db;
    const [star, sentOff, quiet, other] = (
      (await db('players').orderBy('id').limit(4).select('id')) as { id: number }[]
    ).map((p) => Number(p.id));
    const players = [
      { playerId: star!, points: 14 },
      { playerId: sentOff!, points: -4 },
      { playerId: quiet!, points: 2 },
    ];
    const event = scored(7, players, '00000000-0000-4000-8000-000000000701');
    await market.cards.bus.publish([event]);
    // The same event again (the inbox drops it) and a replay under a new id (the source keeps one row).
    await market.cards.bus.publish([event]);
    await market.cards.bus.publish([scored(7, players, '00000000-0000-4000-8000-000000000702')]);
    const rows = (await db('demand').where({ source: 'matchday:7' }).orderBy('player_id')) as {
      player_id: number;
      delta: number;
    }[];
    expect(rows.map((r) => [Number(r.player_id), r.delta])).toEqual([
      [star, 4],
      [sentOff, -1],
    ]);

    const before = new Map(
      (
        (await db('players')
          .whereIn('id', [star!, sentOff!, quiet!, other!])
          .select('id', 'current_price', 'base_price')) as {
          id: number;
          current_price: number;
          base_price: number;
        }[]
      ).map((p) => [Number(p.id), p]),
    );
    clock.set('2026-11-23T15:06:00Z');
    const tick = Math.floor(Date.parse('2026-11-23T15:05:00Z') / 300_000);
    expect(await runDueTick(marketDeps(market, clock, ENV))).toBe(true);
    const after = new Map(
      (
        (await db('players')
          .whereIn('id', [star!, sentOff!, quiet!, other!])
          .select('id', 'current_price')) as {
          id: number;
          current_price: number;
        }[]
      ).map((p) => [Number(p.id), p.current_price]),
    );
    const expected = (id: number, netDemand: number) => {
      const p = before.get(id)!;
      return nextPrice(
        { playerId: id, current: p.current_price, base: p.base_price, netDemand },
        'touchline',
        tick,
      );
    };
    expect(after.get(star!)).toBe(expected(star!, 4));
    expect(after.get(sentOff!)).toBe(expected(sentOff!, -1));
    expect(after.get(quiet!)).toBe(expected(quiet!, 0));
    expect(after.get(other!)).toBe(expected(other!, 0));
    // Four units of demand: the star's price moved 4% more than with none (before the band's clamp).
    expect(expected(star!, 4)).toBeGreaterThan(expected(star!, 0));

    // The demand counted once: the tick after sees none of it.
    clock.set('2026-11-23T15:11:00Z');
    const nextTick = tick + 1;
    const starNow = (await db('players').where({ id: star }).first('current_price', 'base_price')) as {
      current_price: number;
      base_price: number;
    };
    expect(await runDueTick(marketDeps(market, clock, ENV))).toBe(true);
    const starLater = (await db('players').where({ id: star }).first('current_price')) as {
      current_price: number;
    };
    expect(starLater.current_price).toBe(
      nextPrice(
        { playerId: star!, current: starNow.current_price, base: starNow.base_price, netDemand: 0 },
        'touchline',
        nextTick,
      ),
    );
  });
});
