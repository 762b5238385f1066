import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { PlayerCache } from '../src/db/player-cache';
import { PACKS } from '../src/domain/packs';
import { purchasePack } from '../src/use-cases/packs';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

/**
 * What a pack purchase costs cards-market's database (issue 41, "Cut the write path's cost"): its
 * cards are minted set-wise, a few statements whatever the pack's size, and the answer is built from
 * what the mint returned. Counted, not timed: every statement the purchase sends to cards-market's
 * database (its transaction's BEGIN and COMMIT included; the outbox relay's are the kit's).
 */
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;

beforeAll(async () => {
  market = await startMarketWithWallet(clock, {});
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market?.stop();
});

describe('the cost of a pack purchase', () => {
  it('a 5-card pack is bought in at most 7 statements on cards-market (31 before)', async () => {
    const pack = PACKS.find((p) => p.packSize === 5)!;
    const userId = 301;
    await walletClient.Grant({ idempotencyKey: 'cost-grant', userId, amount: pack.price, reason: 'test' });
    // A pool of the purchase's own: the service's jobs and relay, on the other, are not counted.
    const db = cards.database.connect();
    // A cache that holds (the service's own reloads every 2 s), warm before the purchase.
    const players = new PlayerCache(db, clock, 60_000);
    await players.all();
    const generation = players.generation;
    const deps = marketDeps(market, clock, {}, { db, players });

    const statements: string[] = [];
    const count = (query: { sql: string }) => statements.push(query.sql);
    db.on('query', count);
    let result;
    try {
      result = await purchasePack(deps, { userId, packId: pack.id, idempotencyKey: 'cost-pack' });
    } finally {
      db.removeListener('query', count);
    }

    expect(result).toMatchObject({ success: true, coinsSpent: pack.price, remainingCoins: 0 });
    expect(result.cards).toHaveLength(5);
    const read = await purchasePack(deps, { userId, packId: pack.id, idempotencyKey: 'cost-pack' });
    // The answer built from the mint is the one a read of the cards gives.
    expect(read.cards).toEqual(result.cards);
    const rows = (await db('cards').where({ owner_id: userId }).orderBy('id')) as {
      id: number;
      player_id: number;
      edition_number: number;
    }[];
    expect(rows.map((row) => row.id)).toEqual(result.cards!.map((card) => card.id));
    // The players' minted counts are the cache's at once, as a new generation, without a reload.
    expect(players.generation).toBe(generation + 1);
    const cached = await players.get(rows.map((row) => row.player_id));
    for (const row of rows)
      expect(cached.get(row.player_id)!.minted_editions).toBeGreaterThanOrEqual(row.edition_number);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(7);
  });
});
