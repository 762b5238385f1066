import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, Outbox, systemClock, systemRandom, type Database } from '@touchline/kit';
import { startTestService, type TestService } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { RARITY_RULES } from '../src/domain/rarity';
import { cardsMarketService } from '../src/service';
import { mintEditions } from '../src/db/minting';
import { mintEdition, mintOfRarities } from '../src/use-cases/mint';

let t: TestService;
let client: ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;
const outbox = new Outbox(systemClock, systemRandom);
const deps = { outbox, clock: systemClock, random: systemRandom };

beforeAll(async () => {
  t = await startTestService(cardsMarketService);
  client = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    t.service.address,
  );
});
afterAll(async () => {
  client.close();
  await t.stop();
});

async function playerIdOf(db: Database, rarity: string, offset = 0): Promise<number> {
  const row = (await db('players').where({ rarity }).orderBy('id').offset(offset).first('id')) as {
    id: number;
  };
  return row.id;
}

/** Editions of the player owned by users (the market's own supply of early editions left out). */
async function editionsOf(db: Database, playerId: number): Promise<number[]> {
  const rows = (await db('cards')
    .where({ player_id: playerId })
    .whereNot({ owner_id: 0 })
    .orderBy('edition_number')
    .select('edition_number')) as { edition_number: number }[];
  return rows.map((r) => r.edition_number);
}

async function mintedSoFar(db: Database, playerId: number): Promise<number> {
  const row = (await db('players').where({ id: playerId }).first('minted_editions')) as {
    minted_editions: number;
  };
  return row.minted_editions;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('edition minting', () => {
  it('gives concurrent mints of one player distinct, consecutive editions', async () => {
    const playerId = await playerIdOf(t.database.db, 'Common', 3);
    const before = await mintedSoFar(t.database.db, playerId);
    // Separate pools so the mints really run in parallel transactions on Postgres.
    const pools = [t.database.db, t.database.connect(), t.database.connect()];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        pools[i % pools.length]!.transaction((trx) =>
          mintEdition(deps, trx, playerId, { ownerId: 1000 + i, reason: 'admin', reference: `race-${i}` }),
        ),
      ),
    );
    expect(results.every((id) => typeof id === 'number')).toBe(true);
    expect(await editionsOf(t.database.db, playerId)).toEqual(range(before + 1, 40));
    expect(await mintedSoFar(t.database.db, playerId)).toBe(before + 40);
  });

  it('never mints more than the rarity allows, even when many race for the last editions', async () => {
    const playerId = await playerIdOf(t.database.db, 'Ultra Legendary', 5);
    const max = RARITY_RULES['Ultra Legendary'].maxEditions;
    const before = await mintedSoFar(t.database.db, playerId);
    const left = max - before;
    const pools = [t.database.db, t.database.connect()];
    const results = await Promise.all(
      Array.from({ length: max + 6 }, (_, i) =>
        pools[i % 2]!.transaction((trx) =>
          mintEdition(deps, trx, playerId, { ownerId: 7, reason: 'admin', reference: `cap-${i}` }),
        ),
      ),
    );
    expect(results.filter((id) => id !== undefined)).toHaveLength(left);
    expect(results.filter((id) => id === undefined)).toHaveLength(max + 6 - left);
    expect(await editionsOf(t.database.db, playerId)).toEqual(range(before + 1, left));
    expect(await mintedSoFar(t.database.db, playerId)).toBe(max);
  });

  it('gives the edition number back when the minting transaction rolls back', async () => {
    const playerId = await playerIdOf(t.database.db, 'Rare', 11);
    const before = await mintedSoFar(t.database.db, playerId);
    await expect(
      t.database.db.transaction(async (trx) => {
        await mintEdition(deps, trx, playerId, { ownerId: 5, reason: 'admin', reference: 'rolled-back' });
        throw new Error('the rest of the saga failed');
      }),
    ).rejects.toThrow('the rest of the saga failed');
    expect(await editionsOf(t.database.db, playerId)).toEqual([]);
    await t.database.db.transaction((trx) =>
      mintEdition(deps, trx, playerId, { ownerId: 5, reason: 'admin', reference: 'kept' }),
    );
    expect(await editionsOf(t.database.db, playerId)).toEqual([before + 1]);
  });

  it('MintCards with the same idempotency key returns the same cards and mints nothing more', async () => {
    const playerId = await playerIdOf(t.database.db, 'Epic', 2);
    const before = await mintedSoFar(t.database.db, playerId);
    const request = {
      idempotencyKey: 'promo-redemption-42',
      userId: 42,
      reason: 'promo',
      reference: 'redemption-42',
      specs: [{ playerId, quantity: 2 }, { rarity: 'Common' }],
    };
    const first = await client.MintCards(request);
    const again = await client.MintCards(request);
    expect(first.cards).toHaveLength(3);
    expect(again.cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id));
    expect(first.cards.filter((c) => c.player!.id === playerId).map((c) => c.editionNumber)).toEqual([
      before + 1,
      before + 2,
    ]);
    expect(first.cards.every((c) => c.userId === 42)).toBe(true);
  });

  it('refuses a mint request without a key or with an unknown rarity, and mints nothing', async () => {
    const before = (await t.database.db('cards').count({ n: '*' }).first()) as { n: number };
    await expect(
      client.MintCards({ idempotencyKey: '', userId: 1, reason: 'promo', specs: [{ rarity: 'Common' }] }),
    ).rejects.toMatchObject({ code: 3 });
    await expect(
      client.MintCards({
        idempotencyKey: 'k-bad',
        userId: 1,
        reason: 'promo',
        specs: [{ rarity: 'Mythic' }],
      }),
    ).rejects.toMatchObject({ code: 3 });
    const after = (await t.database.db('cards').count({ n: '*' }).first()) as { n: number };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('mints a player ordered twice two consecutive editions, or neither when only one is left', async () => {
    const db = t.database.db;
    const [twice, last] = [await playerIdOf(db, 'Epic', 7), await playerIdOf(db, 'Epic', 8)];
    const before = await mintedSoFar(db, twice);
    const max = RARITY_RULES.Epic.maxEditions;
    await db('players')
      .where({ id: last })
      .update({ minted_editions: max - 1 });
    const order = (playerId: number, purchasePrice: number) => ({
      playerId,
      ownerId: 77,
      purchasePrice,
      origin: 'pack',
    });
    const minted = await db.transaction((trx) =>
      mintEditions(trx, [order(last, 1), order(twice, 2), order(last, 3), order(twice, 4)], new Date()),
    );
    expect(minted.map((card) => card?.edition_number)).toEqual([
      undefined,
      before + 1,
      undefined,
      before + 2,
    ]);
    expect(minted.map((card) => card?.purchase_price)).toEqual([undefined, 2, undefined, 4]);
    expect(await mintedSoFar(db, twice)).toBe(before + 2);
    expect(await mintedSoFar(db, last)).toBe(max - 1);
  });

  it('gives concurrent packs of one rarity distinct editions, never beyond the max', async () => {
    const db = t.database.db;
    const rarity = 'Ultra Legendary';
    const max = RARITY_RULES[rarity].maxEditions;
    // Two editions left of each player: 8 packs of 5 ask for more than are left.
    await db('players')
      .where({ rarity })
      .update({ minted_editions: db.raw('greatest(minted_editions, ?)', [max - 2]) });
    const before = new Map(
      (
        (await db('players').where({ rarity }).select('id', 'minted_editions')) as {
          id: number;
          minted_editions: number;
        }[]
      ).map((p) => [p.id, p.minted_editions]),
    );
    const pools = [db, t.database.connect()];
    const slots = (i: number) =>
      Array.from({ length: 5 }, () => ({
        rarity,
        order: { ownerId: 2000 + i, reason: 'pack' as const, reference: `p${i}` },
      }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        pools[i % pools.length]!.transaction((trx) => mintOfRarities(deps, trx, slots(i))),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o.reason as Error).message);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([`No ${rarity} cards are left to mint`]));
    const minted = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value.cards : []));
    expect(minted).toHaveLength(5 * (8 - refused.length));
    for (const [playerId, from] of before) {
      const editions = (
        (await db('cards')
          .where({ player_id: playerId })
          .where('owner_id', '>=', 2000)
          .orderBy('edition_number')
          .select('edition_number')) as { edition_number: number }[]
      ).map((row) => row.edition_number);
      const now = await mintedSoFar(db, playerId);
      expect(now).toBeLessThanOrEqual(max);
      expect(editions).toEqual(range(from + 1, now - from));
    }
  });
});
