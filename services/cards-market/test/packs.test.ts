import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, Outbox, seededRandom, systemRandom } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { walletService } from '@touchline/wallet-payments';
import { cardsMarketConfigSchema } from '../src/config';
import { PlayerCache } from '../src/db/player-cache';
import { drawPack, packCardCosts, PACKS } from '../src/domain/packs';
import { cardsMarketService } from '../src/service';
import type { CardsDeps } from '../src/use-cases/deps';
import { NOT_ENOUGH_FOR_PACK, purchasePack } from '../src/use-cases/packs';
import { createPeers, type WalletClient } from '../src/peers';

/** Chi-square critical values at p = 0.001 by degrees of freedom. */
const CRITICAL = [0, 10.83, 13.82, 16.27, 18.47];

describe('pack odds', () => {
  it.each(PACKS.map((p) => [p.name, p] as const))(
    '%s: odds sum to 100 and hold over 10,000 openings',
    (_name, pack) => {
      expect(pack.odds.reduce((sum, o) => sum + o.percent, 0)).toBe(100);
      const random = seededRandom(pack.id * 7919);
      const counts = new Map<string, number>();
      const openings = 10_000;
      for (let i = 0; i < openings; i++)
        for (const r of drawPack(pack, random)) counts.set(r, (counts.get(r) ?? 0) + 1);
      const total = openings * pack.packSize;
      const chiSquare = pack.odds.reduce((sum, o) => {
        const expected = (total * o.percent) / 100;
        return sum + ((counts.get(o.rarity) ?? 0) - expected) ** 2 / expected;
      }, 0);
      expect([...counts.keys()].every((r) => pack.odds.some((o) => o.rarity === r))).toBe(true);
      expect(chiSquare).toBeLessThan(CRITICAL[pack.odds.length - 1]!);
    },
  );
});

describe('pack card costs', () => {
  it('splits the price into whole coins that add up to it, the remainder on the first cards', () => {
    expect(packCardCosts(1_500, 3)).toEqual([500, 500, 500]);
    expect(packCardCosts(1_000, 3)).toEqual([334, 333, 333]);
    expect(packCardCosts(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(packCardCosts(7, 0)).toEqual([]);
    for (const pack of PACKS) {
      const costs = packCardCosts(pack.price, pack.packSize);
      expect(costs.reduce((sum, c) => sum + c, 0)).toBe(pack.price);
      expect(Math.max(...costs) - Math.min(...costs)).toBeLessThanOrEqual(1);
    }
  });
});

describe('buying packs', () => {
  const clock = fixedClock('2026-11-23T15:00:00Z');
  let wallet: TestService;
  let cards: TestService;
  let walletClient: WalletClient;
  let n = 0;

  beforeAll(async () => {
    wallet = await startTestService(walletService, { env: { WELCOME_COINS: '0' } });
    walletClient = createPeers({ 'wallet-payments': wallet.service.address }).wallet;
    cards = await startTestService(cardsMarketService, {
      clock,
      peers: { 'wallet-payments': wallet.service.address },
    });
  });
  afterAll(async () => {
    walletClient.close();
    await cards.stop();
    await wallet.stop();
  });

  const deps = (): CardsDeps => ({
    db: cards.database.db,
    outbox: new Outbox(clock, systemRandom),
    clock,
    random: systemRandom,
    logger: silentLogger,
    config: cardsMarketConfigSchema.parse({}),
    priceKey: 'touchline',
    wallet: walletClient,
    players: new PlayerCache(cards.database.db, clock, 0),
  });
  const grant = (userId: number, amount: number) =>
    walletClient.Grant({ idempotencyKey: `g${++n}`, userId, amount, reason: 'test' });
  const coins = async (userId: number) => (await walletClient.GetBalance({ userId })).coins;
  const audit = async () =>
    expect(await walletClient.VerifyLedger({})).toMatchObject({
      ok: true,
      total: 0,
      mismatches: [],
      negativeUserAccounts: 0,
    });

  it('debits the price once and mints the pack size, even when the request is repeated', async () => {
    const pack = PACKS[1]!;
    await grant(201, pack.price + 10);
    const first = await purchasePack(deps(), { userId: 201, packId: pack.id, idempotencyKey: 'pack-a' });
    const again = await purchasePack(deps(), { userId: 201, packId: pack.id, idempotencyKey: 'pack-a' });
    expect(first).toMatchObject({
      success: true,
      coinsSpent: pack.price,
      remainingCoins: 10,
      packName: 'Rare Pack',
    });
    expect(first.cards).toHaveLength(pack.packSize);
    expect(again.cards!.map((c) => c.id)).toEqual(first.cards!.map((c) => c.id));
    expect(await coins(201)).toBe(10);
    for (const card of first.cards!) expect(pack.odds.map((o) => o.rarity)).toContain(card.player!.rarity);
    // Issue 43 item 11: each pull cost its share of the price, so its profit or loss is against it.
    expect(first.cards!.map((c) => Number(c.purchasePrice))).toEqual(
      packCardCosts(pack.price, pack.packSize),
    );
    for (const card of first.cards!)
      expect(Number(card.profitLoss)).toBe(Number(card.player!.currentPrice) - Number(card.purchasePrice));
    await audit();
  });

  it('mints a pack once when twin requests race: the later mint rolls back and answers the same cards', async () => {
    const pack = PACKS[2]!;
    await grant(204, pack.price);
    const mintedBefore = Number(
      ((await cards.database.db('players').sum({ n: 'minted_editions' }).first()) as { n: string }).n,
    );
    const [a, b] = await Promise.all([
      purchasePack(deps(), { userId: 204, packId: pack.id, idempotencyKey: 'pack-twin' }),
      purchasePack(deps(), { userId: 204, packId: pack.id, idempotencyKey: 'pack-twin' }),
    ]);
    expect(a.success && b.success).toBe(true);
    expect(b.cards!.map((c) => c.id)).toEqual(a.cards!.map((c) => c.id));
    const owned = (await cards.database.db('cards').where({ owner_id: 204 }).select('id')) as {
      id: number;
    }[];
    const byId = (x: number, y: number) => x - y;
    expect(owned.map((c) => c.id).sort(byId)).toEqual(a.cards!.map((c) => Number(c.id)).sort(byId));
    const mintedAfter = Number(
      ((await cards.database.db('players').sum({ n: 'minted_editions' }).first()) as { n: string }).n,
    );
    expect(mintedAfter - mintedBefore).toBe(pack.packSize);
    expect(await coins(204)).toBe(0);
    await audit();
  });

  it('refuses without enough coins before taking anything', async () => {
    await grant(202, 100);
    await expect(
      purchasePack(deps(), { userId: 202, packId: 1, idempotencyKey: 'pack-b' }),
    ).rejects.toMatchObject({
      message: NOT_ENOUGH_FOR_PACK,
    });
    expect(await coins(202)).toBe(100);
    await audit();
  });

  it('refunds the full price when minting fails, and says how many coins the player has', async () => {
    const pack = PACKS[4]!; // Ultra Legendary Pack
    // Sell out every Legendary and Ultra Legendary player: the mint must fail after the debit.
    await cards.database
      .db('players')
      .whereIn('rarity', ['Legendary', 'Ultra Legendary'])
      .update({ minted_editions: cards.database.db.ref('max_editions') });
    await grant(203, pack.price);
    const result = await purchasePack(deps(), { userId: 203, packId: pack.id, idempotencyKey: 'pack-c' });
    expect(result).toMatchObject({ success: false, refunded: true, remainingCoins: pack.price, cards: [] });
    expect(result.message).toContain('refunded');
    expect(await coins(203)).toBe(pack.price);
    const minted = (await cards.database.db('cards').where({ owner_id: 203 }).count({ n: '*' }).first()) as {
      n: number;
    };
    expect(Number(minted.n)).toBe(0);
    // A retry of the same purchase does not debit or refund again.
    expect(
      await purchasePack(deps(), { userId: 203, packId: pack.id, idempotencyKey: 'pack-c' }),
    ).toMatchObject({ success: false, refunded: true });
    expect(await coins(203)).toBe(pack.price);
    await audit();
  });
});
