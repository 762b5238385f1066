import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Database } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { decodeEvent } from '@touchline/protos';
import { cardsMarketConfigSchema } from '../src/config';
import { nextPrice } from '../src/domain/price-engine';
import { saleFee, sellPriceBounds as priceBounds } from '@touchline/rules';
import { buyCard, NOT_ENOUGH, sweepStuckSales } from '../src/use-cases/buying';
import type { CardsDeps } from '../src/use-cases/deps';
import { runDueTick } from '../src/use-cases/prices';
import { sellCard, withdrawListing } from '../src/use-cases/selling';
import { cardsWithIds } from '../src/use-cases/collection';
import { marketSupply, type MarketSupply } from '../src/db/listings';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// A Monday, 10:00 ET: the market is open on its real schedule.
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;

const depsWith = (overrides: Partial<CardsDeps> = {}) =>
  marketDeps(market, clock, { MARKET_HOURS: 'schedule', SALE_STUCK_AFTER_MS: '1' }, overrides);

beforeAll(async () => {
  // No background tick: the clock stands in market hours, and a tick landing mid-test (the job's
  // first check comes 10 s after start, a slow machine's first test runs then) moves the prices
  // these tests compare exactly. The tick test below runs the tick itself.
  market = await startMarketWithWallet(clock, { MARKET_HOURS: 'schedule', PRICE_TICK_CHECK_MS: '86400000' });
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

async function grant(userId: number, amount: number) {
  if (amount > 0) await walletClient.Grant({ idempotencyKey: key('grant'), userId, amount, reason: 'test' });
}
const coins = async (userId: number) => (await walletClient.GetBalance({ userId })).coins;

/** A card of a Common player owned by `userId` (bought from the market supply directly in the db). */
async function giveCard(
  db: Database,
  userId: number,
  offset = 0,
): Promise<{ cardId: number; currentPrice: number }> {
  const row = (await db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.rarity': 'Common' })
    .whereNull('k.reserved_by')
    .orderBy('k.id')
    .offset(offset)
    .first('k.id', 'p.current_price')) as { id: number; current_price: number };
  await db('cards').where({ id: row.id }).update({ owner_id: userId, purchase_price: 100 });
  return { cardId: row.id, currentPrice: row.current_price };
}

/** The sweeper runs a minute later, when the half-finished sale counts as stuck. */
const sweeper = () => depsWith({ clock: fixedClock('2026-11-23T15:01:00Z') });

async function audit() {
  const result = await walletClient.VerifyLedger({});
  expect(result).toMatchObject({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
}

async function ownerOf(cardId: number): Promise<number> {
  return ((await cards.database.db('cards').where({ id: cardId }).first('owner_id')) as { owner_id: number })
    .owner_id;
}

describe('selling and buying', () => {
  it('a listed card is bought by another user: card moves, seller gets price minus fee, fee to profit', async () => {
    const deps = depsWith();
    const { cardId, currentPrice } = await giveCard(cards.database.db, 11);
    const price = currentPrice; // at the current price: 10% fee
    const listed = await sellCard(deps, { userId: 11, cardId, price, idempotencyKey: key('sell') });
    expect(listed).toMatchObject({
      price,
      feePercent: 10,
      estimatedProceeds: price - saleFee(price, currentPrice),
    });
    expect(listed.card!.forSale).toBe(true);
    // The answered card is built from the rows the listing locked and wrote: it equals a fresh read.
    expect(listed.card).toEqual((await cardsWithIds(deps, [cardId])).cards[0]);

    await grant(12, price + 50);
    const bought = await buyCard(deps, {
      userId: 12,
      cardId,
      idempotencyKey: key('buy'),
      expectedPrice: price,
    });
    expect(bought).toMatchObject({ pricePaid: price, remainingCoins: 50 });
    // Likewise the bought card, built from the hand-over's own statement.
    expect(bought.card).toEqual((await cardsWithIds(deps, [cardId])).cards[0]);
    expect(bought.card).toMatchObject({ userId: 12, purchasePrice: price, forSale: false });
    expect(await ownerOf(cardId)).toBe(12);
    expect(await coins(11)).toBe(price - saleFee(price, currentPrice));
    expect(await coins(12)).toBe(50);
    const outbox = (await cards.database
      .db('outbox')
      .whereIn('topic', ['market.sale.completed', 'cards.card.transferred'])
      .where({ key: String(cardId) })
      .orderBy('id')
      .select('topic', 'payload')) as { topic: string; payload: Uint8Array }[];
    expect(outbox.map((o) => o.topic)).toEqual(['market.sale.completed', 'cards.card.transferred']);
    // What the seller had paid (giveCard: 100), read in the statement that gave the card to the buyer.
    const proceeds = price - saleFee(price, currentPrice);
    expect(decodeEvent('market.sale.completed', outbox[0]!.payload)).toMatchObject({
      sellerUserId: 11,
      buyerUserId: 12,
      sellerPurchasePrice: 100,
      sellerProceeds: proceeds,
      profitLoss: proceeds - 100,
    });
    expect(decodeEvent('cards.card.transferred', outbox[1]!.payload)).toMatchObject({
      cardId,
      fromUserId: 11,
      toUserId: 12,
    });
    expect(await cards.database.db('cards').where({ id: cardId }).first('purchase_price')).toEqual({
      purchase_price: price,
    });
    // The listing is sold, and the player's demand went down with the listing and up with the sale.
    expect(await cards.database.db('listings').where({ id: listed.listingId }).first('status')).toEqual({
      status: 'sold',
    });
    const playerId = (await cards.database.db('cards').where({ id: cardId }).first('player_id')) as {
      player_id: number;
    };
    const demand = (await cards.database
      .db('demand')
      .where({ player_id: playerId.player_id })
      .orderBy('id')
      .pluck('delta')) as number[];
    expect(demand.slice(-2)).toEqual([-1, 1]);
    await audit();
  });

  it('without enough coins nothing changes: 422, listing still for sale, no coins moved', async () => {
    const deps = depsWith();
    const { cardId, currentPrice } = await giveCard(cards.database.db, 21, 1);
    await sellCard(deps, { userId: 21, cardId, price: currentPrice, idempotencyKey: key('sell') });
    await grant(22, currentPrice - 1);
    await expect(
      buyCard(deps, { userId: 22, cardId, idempotencyKey: key('buy'), expectedPrice: 0 }),
    ).rejects.toMatchObject({
      code: 'business_rule',
      message: NOT_ENOUGH,
    });
    expect(await ownerOf(cardId)).toBe(21);
    expect(await coins(22)).toBe(currentPrice - 1);
    expect(await coins(21)).toBe(0);
    const listing = (await cards.database.db('listings').where({ card_id: cardId }).first('status')) as {
      status: string;
    };
    expect(listing.status).toBe('active');
    await audit();
  });

  it('20 buyers racing for one listing: exactly one gets it, the others are refused, the ledger balances', async () => {
    const { cardId, currentPrice } = await giveCard(cards.database.db, 31, 2);
    await sellCard(depsWith(), { userId: 31, cardId, price: currentPrice, idempotencyKey: key('sell') });
    const buyers = Array.from({ length: 20 }, (_, i) => 100 + i);
    for (const buyer of buyers) await grant(buyer, currentPrice);
    const pools = [cards.database.db, cards.database.connect(), cards.database.connect()];
    const results = await Promise.allSettled(
      buyers.map((buyer, i) =>
        buyCard(depsWith({ db: pools[i % 3]! }), {
          userId: buyer,
          cardId,
          idempotencyKey: key('race'),
          expectedPrice: 0,
        }),
      ),
    );
    const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [buyers[i]!] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(['conflict', 'business_rule']).toContain((r.reason as { code: string }).code);
    }
    expect(await ownerOf(cardId)).toBe(winners[0]);
    for (const buyer of buyers) expect(await coins(buyer)).toBe(buyer === winners[0] ? 0 : currentPrice);
    await audit();
  });

  it('a crash after the coins moved is finished by the sweeper: buyer gets the card, seller the coins, once', async () => {
    const { cardId, currentPrice } = await giveCard(cards.database.db, 41, 3);
    await sellCard(depsWith(), { userId: 41, cardId, price: currentPrice, idempotencyKey: key('sell') });
    await grant(42, currentPrice);
    // The wallet pays, then the answer is lost (as if cards-market died right after).
    const crashing = {
      ...walletClient,
      Pay: async (...args: Parameters<WalletClient['Pay']>) => {
        await walletClient.Pay(...args);
        throw Object.assign(new Error('connection reset'), {
          code: status.UNAVAILABLE,
          details: 'connection reset',
          metadata: undefined,
        });
      },
    } as WalletClient;
    await expect(
      buyCard(depsWith({ wallet: crashing }), {
        userId: 42,
        cardId,
        idempotencyKey: key('crash'),
        expectedPrice: 0,
      }),
    ).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(await ownerOf(cardId)).toBe(41);
    expect(await coins(42)).toBe(0);

    expect(await sweepStuckSales(sweeper())).toBeGreaterThanOrEqual(1);
    expect(await ownerOf(cardId)).toBe(42);
    expect(await coins(41)).toBe(currentPrice - saleFee(currentPrice, currentPrice));
    expect(await sweepStuckSales(sweeper())).toBe(0);
    expect(await coins(41)).toBe(currentPrice - saleFee(currentPrice, currentPrice));
    await audit();
  });

  it('a payment the wallet never received is made by the sweeper', async () => {
    const { cardId, currentPrice } = await giveCard(cards.database.db, 51, 4);
    await sellCard(depsWith(), { userId: 51, cardId, price: currentPrice, idempotencyKey: key('sell') });
    await grant(52, currentPrice);
    const walletDown = {
      ...walletClient,
      Pay: () =>
        Promise.reject(
          Object.assign(new Error('down'), {
            code: status.UNAVAILABLE,
            details: 'down',
            metadata: undefined,
          }),
        ),
    } as WalletClient;
    await expect(
      buyCard(depsWith({ wallet: walletDown }), {
        userId: 52,
        cardId,
        idempotencyKey: key('half'),
        expectedPrice: 0,
      }),
    ).rejects.toBeDefined();
    await sweepStuckSales(sweeper());
    expect(await ownerOf(cardId)).toBe(52);
    expect(await coins(52)).toBe(0);
    await audit();
  });

  it('direct buys of market-owned cards need the market open; coins go to platform:market', async () => {
    const row = (await cards.database
      .db('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .where({ 'k.owner_id': 0, 'p.rarity': 'Rare' })
      .whereNull('k.reserved_by')
      .first('k.id', 'p.current_price')) as { id: number; current_price: number };
    await grant(61, row.current_price);
    const closed = depsWith({ config: cardsMarketConfigSchema.parse({ MARKET_HOURS: 'never' }) });
    await expect(
      buyCard(closed, { userId: 61, cardId: row.id, idempotencyKey: key('closed'), expectedPrice: 0 }),
    ).rejects.toMatchObject({ code: 'business_rule' });
    expect(await coins(61)).toBe(row.current_price);
    await buyCard(depsWith(), { userId: 61, cardId: row.id, idempotencyKey: key('open'), expectedPrice: 0 });
    expect(await ownerOf(row.id)).toBe(61);
    expect(await coins(61)).toBe(0);
    await audit();
  });

  it('selling is only for the owner, while open, within 50%–150%, once; withdrawn cards are not for sale', async () => {
    const deps = depsWith();
    const { cardId, currentPrice } = await giveCard(cards.database.db, 71, 5);
    const { min, max } = priceBounds(currentPrice);
    await expect(
      sellCard(deps, { userId: 72, cardId, price: currentPrice, idempotencyKey: key('s') }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      sellCard(deps, { userId: 71, cardId, price: min - 1, idempotencyKey: key('s') }),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(
      sellCard(deps, { userId: 71, cardId, price: max + 1, idempotencyKey: key('s') }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const closed = depsWith({ config: cardsMarketConfigSchema.parse({ MARKET_HOURS: 'never' }) });
    await expect(
      sellCard(closed, { userId: 71, cardId, price: max, idempotencyKey: key('s') }),
    ).rejects.toMatchObject({ message: 'Market is closed' });
    const sellKey = key('s');
    const first = await sellCard(deps, { userId: 71, cardId, price: max, idempotencyKey: sellKey });
    expect(
      (await sellCard(deps, { userId: 71, cardId, price: max, idempotencyKey: sellKey })).listingId,
    ).toBe(first.listingId);
    await expect(
      sellCard(deps, { userId: 71, cardId, price: max, idempotencyKey: key('s') }),
    ).rejects.toMatchObject({ code: 'conflict' });
    // The key answers its listing after the market closed, and is refused for anyone else.
    expect(
      (await sellCard(closed, { userId: 71, cardId, price: max, idempotencyKey: sellKey })).listingId,
    ).toBe(first.listingId);
    await expect(
      sellCard(deps, { userId: 72, cardId, price: max, idempotencyKey: sellKey }),
    ).rejects.toMatchObject({ code: 'conflict', message: 'Idempotency key was used for another listing' });
    await withdrawListing(deps, { userId: 71, cardId, idempotencyKey: key('w') });
    // A double submit of a new listing makes one listing and answers it twice.
    const { cardId: other, currentPrice: otherPrice } = await giveCard(cards.database.db, 71, 6);
    const twiceKey = key('s');
    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        sellCard(deps, { userId: 71, cardId: other, price: otherPrice, idempotencyKey: twiceKey }),
      ),
    );
    expect(one!.listingId).toBe(two!.listingId);
    expect(await cards.database.db('listings').where({ card_id: other }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
    await grant(73, max);
    await expect(
      buyCard(deps, { userId: 73, cardId, idempotencyKey: key('b'), expectedPrice: 0 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await coins(73)).toBe(max);
  });

  it('a refused key is refused the same way again, even once the card could be listed or changed hands', async () => {
    const deps = depsWith();
    const closed = depsWith({ config: cardsMarketConfigSchema.parse({ MARKET_HOURS: 'never' }) });
    const { cardId, currentPrice } = await giveCard(cards.database.db, 81, 5);
    const refusedKey = key('s');
    await expect(
      sellCard(closed, { userId: 81, cardId, price: currentPrice, idempotencyKey: refusedKey }),
    ).rejects.toMatchObject({ code: 'business_rule', message: 'Market is closed' });
    // The market opened: the same key still answers its refusal, and lists nothing.
    await expect(
      sellCard(deps, { userId: 81, cardId, price: currentPrice, idempotencyKey: refusedKey }),
    ).rejects.toMatchObject({ code: 'business_rule', message: 'Market is closed' });
    expect(await cards.database.db('listings').where({ card_id: cardId }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
    // Copies of one request sent at once, while the card changes hands between them (the chaos
    // run's double tap during a trade): every copy gets the one refusal recorded first.
    const racedKey = key('s');
    const copies = await Promise.allSettled([
      sellCard(deps, { userId: 82, cardId, price: currentPrice, idempotencyKey: racedKey }),
      cards.database.db('cards').where({ id: cardId }).update({ owner_id: 82 }),
      sellCard(deps, { userId: 82, cardId, price: currentPrice, idempotencyKey: racedKey }),
    ]);
    const answers = [copies[0]!, copies[2]!].map((c) =>
      c.status === 'fulfilled' ? `listed ${c.value.listingId}` : (c.reason as Error).message,
    );
    expect(answers[0]).toBe(answers[1]);
    // And a retry later, the card now the caller's.
    const again = await sellCard(deps, {
      userId: 82,
      cardId,
      price: currentPrice,
      idempotencyKey: racedKey,
    }).then(
      (listed) => `listed ${listed.listingId}`,
      (error: Error) => error.message,
    );
    expect(again).toBe(answers[0]);
  });
});

describe('price ticks', () => {
  it('moves every price exactly as the engine says, once per tick even when two replicas race', async () => {
    const db = cards.database.db;
    const before = (await db('players').orderBy('id').select('id', 'current_price', 'base_price')) as {
      id: number;
      current_price: number;
      base_price: number;
    }[];
    const tickClock = fixedClock('2026-11-24T15:02:00Z'); // Tuesday 10:02 ET → the 10:00 tick
    const tick = Math.floor(Date.parse('2026-11-24T15:00:00Z') / 300_000);
    const results = await Promise.all(
      [db, cards.database.connect()].map((pool) => runDueTick(depsWith({ db: pool, clock: tickClock }))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // The tick counts demand since the previous tick (or the 5 minutes before it when there is none).
    const previous = (await db('ticks')
      .where('tick', '<', tick)
      .orderBy('tick', 'desc')
      .first('ticked_at')) as { ticked_at: Date } | undefined;
    const since = previous?.ticked_at ?? new Date('2026-11-24T14:55:00Z');
    const demandRows = (await db('demand')
      .where('at', '>', since)
      .andWhere('at', '<=', new Date('2026-11-24T15:00:00Z'))
      .groupBy('player_id')
      .select('player_id', db.raw('sum(delta)::int as net'))) as { player_id: number; net: number }[];
    const demand = new Map(demandRows.map((r) => [r.player_id, r.net]));
    expect(demandRows.length).toBeGreaterThan(0);
    const after = new Map(
      ((await db('players').select('id', 'current_price')) as { id: number; current_price: number }[]).map(
        (r) => [r.id, r.current_price],
      ),
    );
    for (const p of before) {
      expect(after.get(p.id)).toBe(
        nextPrice(
          { playerId: p.id, current: p.current_price, base: p.base_price, netDemand: demand.get(p.id) ?? 0 },
          'touchline',
          tick,
        ),
      );
    }
    expect(await runDueTick(depsWith({ clock: tickClock }))).toBe(false);
    const points = (await db('price_history')
      .where({ at: new Date('2026-11-24T15:00:00Z') })
      .count({ n: '*' })
      .first()) as { n: number };
    expect(Number(points.n)).toBe(858);
  });

  it('does not tick while the market is closed', async () => {
    expect(await runDueTick(depsWith({ clock: fixedClock('2026-11-28T15:00:00Z') }))).toBe(false); // Saturday
  });
});

describe("the market's own supply", () => {
  it('is the lowest free market edition of each player, skipping held, reserved and sold ones', async () => {
    const db = cards.database.db;
    const reference = async () =>
      (
        (await db.raw(
          `select distinct on (player_id) id as card_id, player_id, edition_number from cards
            where owner_id = 0 and reserved_by is null and hold_key is null order by player_id, edition_number`,
        )) as { rows: MarketSupply[] }
      ).rows;
    const [player] = (await db('cards')
      .where({ owner_id: 0 })
      .whereNull('reserved_by')
      .whereNull('hold_key')
      .groupBy('player_id')
      .havingRaw('count(*) >= 4')
      .orderBy('player_id', 'desc')
      .pluck('player_id')) as number[];
    const editions = (await db('cards')
      .where({ player_id: player, owner_id: 0 })
      .orderBy('edition_number')
      .limit(3)
      .pluck('id')) as number[];
    const [held, reserved, sold] = editions as [number, number, number];
    await db('cards').where({ id: held }).update({ hold_key: 'test-supply-hold' });
    await db('cards').where({ id: reserved }).update({ reserved_by: 'test-supply-sale' });
    await db('cards').where({ id: sold }).update({ owner_id: 424_242 });
    try {
      const supply = await marketSupply(db);
      expect(supply.map((s) => Number(s.card_id))).not.toEqual(expect.arrayContaining([held]));
      const mine = supply.find((s) => Number(s.player_id) === player)!;
      expect(editions).not.toContain(Number(mine.card_id));
      expect(supply).toEqual(await reference());
    } finally {
      await db('cards').where({ id: held }).update({ hold_key: null });
      await db('cards').where({ id: reserved }).update({ reserved_by: null });
      await db('cards').where({ id: sold }).update({ owner_id: 0 });
    }
  });
});
