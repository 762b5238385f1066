import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type Database } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { saleFeeAtRate } from '@touchline/rules';
import { buyCard } from '../src/use-cases/buying';
import type { CardsDeps } from '../src/use-cases/deps';
import { runDueTick } from '../src/use-cases/prices';
import { sellCard } from '../src/use-cases/selling';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// docs/design.md#3-money-one-ledger: the sale fee rate is decided when the card is listed, stored on the listing,
// shown, and charged at the sale; a price tick in between never changes it.

// A Monday, 10:00 ET: the market is open on its real schedule.
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;

const depsWith = (overrides: Partial<CardsDeps> = {}) =>
  marketDeps(market, clock, { MARKET_HOURS: 'schedule' }, overrides);

beforeAll(async () => {
  market = await startMarketWithWallet(clock, { MARKET_HOURS: 'schedule' });
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

const coins = async (userId: number) => (await walletClient.GetBalance({ userId })).coins;
const grant = (userId: number, amount: number) =>
  walletClient.Grant({ idempotencyKey: key('grant'), userId, amount, reason: 'test' });

/** Market cards of distinct Common players handed to `userId`, with their players' current prices. */
async function giveCards(db: Database, userId: number, count: number, offset: number) {
  const rows = (await db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.rarity': 'Common', 'k.edition_number': 1 })
    .whereNull('k.reserved_by')
    .orderBy('k.id')
    .offset(offset)
    .limit(count)
    .select('k.id', 'k.player_id', 'p.current_price')) as {
    id: number;
    player_id: number;
    current_price: number;
  }[];
  await db('cards')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ owner_id: userId, purchase_price: 100 });
  return rows.map((r) => ({ cardId: r.id, playerId: r.player_id, currentPrice: r.current_price }));
}

/** What a price tick does to a player: a new current price (here far below the listing price). */
const tickTo = (db: Database, playerId: number, price: number) =>
  db('players').where({ id: playerId }).update({ current_price: price });

async function audit() {
  const result = await walletClient.VerifyLedger({});
  expect(result).toMatchObject({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
}

describe('the sale fee rate is fixed at listing', () => {
  it('a price drop after listing at the current price still charges 10%, as the seller was told', async () => {
    const db = cards.database.db;
    const [card] = await giveCards(db, 501, 1, 0);
    const listed = await sellCard(depsWith(), {
      userId: 501,
      cardId: card!.cardId,
      price: card!.currentPrice,
      expectedFeePercent: 10,
      idempotencyKey: key('sell'),
    });
    const told = card!.currentPrice - saleFeeAtRate(card!.currentPrice, 10);
    expect(listed).toMatchObject({ feePercent: 10, estimatedProceeds: told });
    expect(listed.card!.listingFeePercent).toBe(10);

    // Now the listing price is above the current price: today's rate would be 15%.
    await tickTo(db, card!.playerId, Math.floor(card!.currentPrice / 2));
    await grant(502, card!.currentPrice);
    await buyCard(depsWith(), {
      userId: 502,
      cardId: card!.cardId,
      idempotencyKey: key('buy'),
      expectedPrice: 0,
    });
    expect(await coins(501)).toBe(told);
    await audit();
  });

  it('a listing above the current price keeps 15% after a rise would make it 10%', async () => {
    const db = cards.database.db;
    const [card] = await giveCards(db, 511, 1, 1);
    const price = Math.floor(card!.currentPrice * 1.4);
    const listed = await sellCard(depsWith(), {
      userId: 511,
      cardId: card!.cardId,
      price,
      idempotencyKey: key('sell'),
    });
    expect(listed.feePercent).toBe(15);
    await tickTo(db, card!.playerId, price * 2);
    await grant(512, price);
    await buyCard(depsWith(), {
      userId: 512,
      cardId: card!.cardId,
      idempotencyKey: key('buy'),
      expectedPrice: price,
    });
    expect(await coins(511)).toBe(price - saleFeeAtRate(price, 15));
    await audit();
  });

  it('price ticks racing the buyers never change the rate charged, on any of 8 listings', async () => {
    const db = cards.database.db;
    const listed = await giveCards(db, 521, 8, 2);
    for (const card of listed) {
      await sellCard(depsWith(), {
        userId: 521,
        cardId: card.cardId,
        price: card.currentPrice,
        idempotencyKey: key('sell'),
      });
    }
    const buyers = listed.map((_, i) => 530 + i);
    for (const [i, buyer] of buyers.entries()) await grant(buyer, listed[i]!.currentPrice);
    const pools = [db, cards.database.connect(), cards.database.connect()];
    const tickClock = fixedClock('2026-11-23T15:06:00Z'); // the 10:05 tick
    await Promise.all([
      // The engine's own tick and hard price drops, each in its own connection, while the buyers pay.
      runDueTick(depsWith({ db: pools[1]!, clock: tickClock })),
      ...listed.map((card, i) =>
        tickTo(pools[i % 3]!, card.playerId, Math.max(1, Math.floor(card.currentPrice / 3))),
      ),
      ...listed.map((card, i) =>
        buyCard(depsWith({ db: pools[(i + 1) % 3]! }), {
          userId: buyers[i]!,
          cardId: card.cardId,
          idempotencyKey: key('race'),
          expectedPrice: card.currentPrice,
        }),
      ),
    ]);
    const sales = (await db('sales')
      .whereIn(
        'card_id',
        listed.map((c) => c.cardId),
      )
      .select('card_id', 'price', 'fee', 'state')) as {
      card_id: number;
      price: number;
      fee: number;
      state: string;
    }[];
    expect(sales).toHaveLength(8);
    for (const sale of sales) {
      expect(sale.state).toBe('completed');
      expect(sale.fee).toBe(saleFeeAtRate(sale.price, 10));
    }
    const expected = listed.reduce((sum, c) => sum + c.currentPrice - saleFeeAtRate(c.currentPrice, 10), 0);
    expect(await coins(521)).toBe(expected);
    for (const buyer of buyers) expect(await coins(buyer)).toBe(0);
    await audit();
  });

  it('a listing whose shown rate no longer holds is refused, and nothing is listed', async () => {
    const db = cards.database.db;
    const [card] = await giveCards(db, 541, 1, 12);
    // The form showed 10% for the current price; a tick dropped the price before the request arrived.
    await tickTo(db, card!.playerId, card!.currentPrice - Math.max(1, Math.floor(card!.currentPrice / 10)));
    await expect(
      sellCard(depsWith(), {
        userId: 541,
        cardId: card!.cardId,
        price: card!.currentPrice,
        expectedFeePercent: 10,
        idempotencyKey: key('sell'),
      }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('the fee for this price is now 15%'),
    });
    expect(await db('listings').where({ card_id: card!.cardId }).first()).toBeUndefined();
  });
});
