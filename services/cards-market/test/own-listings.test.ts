import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock, type Database } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { saleFeeAtRate } from '@touchline/rules';
import { buyCard } from '../src/use-cases/buying';
import type { CardsDeps } from '../src/use-cases/deps';
import { listOwnListings } from '../src/use-cases/own-listings';
import { sellCard, withdrawListing } from '../src/use-cases/selling';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// Issue 43, 'My listings': a seller's own open listings, paged, with the market price then and now;
// a re-price is a withdraw and a new listing in one transaction, keyed; none of it races a buy into
// two outcomes.

// A Monday, 10:00 ET: the market is open on its real schedule.
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;
let nextCardOffset = 0;

const deps = (overrides: Partial<CardsDeps> = {}) =>
  marketDeps(market, clock, { MARKET_HOURS: 'schedule' }, overrides);

beforeAll(async () => {
  market = await startMarketWithWallet(clock, { MARKET_HOURS: 'schedule' });
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

const db = (): Database => cards.database.db;
const coins = async (userId: number) => (await walletClient.GetBalance({ userId })).coins;
const grant = (userId: number, amount: number) =>
  walletClient.Grant({ idempotencyKey: key('grant'), userId, amount, reason: 'test' });

/** Market cards of distinct Common players handed to `userId`, with their players' current prices. */
async function giveCards(userId: number, count: number) {
  const rows = (await db()('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.rarity': 'Common', 'k.edition_number': 1 })
    .whereNull('k.reserved_by')
    .orderBy('k.id')
    .offset(nextCardOffset)
    .limit(count)
    .select('k.id', 'k.player_id', 'p.current_price')) as {
    id: number;
    player_id: number;
    current_price: number;
  }[];
  nextCardOffset += count;
  await db()('cards')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ owner_id: userId, purchase_price: 100 });
  return rows.map((r) => ({
    cardId: Number(r.id),
    playerId: r.player_id,
    currentPrice: Number(r.current_price),
  }));
}

const list = (userId: number, cardId: number, price: number, idempotencyKey = key('sell')) =>
  sellCard(deps(), { userId, cardId, price, idempotencyKey });

const reprice = (userId: number, cardId: number, price: number, idempotencyKey = key('reprice')) =>
  sellCard(deps(), { userId, cardId, price, idempotencyKey, replaceListing: true });

const ownListings = (userId: number, pageSize = 0, cursor = '') =>
  listOwnListings(deps(), { userId, page: { pageSize, cursor } });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const openListingsOf = (cardId: number) =>
  db()('listings').where({ card_id: cardId }).whereIn('status', ['active', 'settling']);

async function audit() {
  const result = await walletClient.VerifyLedger({});
  expect(result).toMatchObject({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
}

describe('own listings', () => {
  it('pages the seller’s open listings newest first, with the market price when listed and now', async () => {
    const owned = await giveCards(701, 3);
    const [other] = await giveCards(702, 1);
    for (const card of owned) await list(701, card.cardId, card.currentPrice);
    await list(702, other!.cardId, other!.currentPrice);
    // The first card's player moves after it was listed.
    const first = owned[0]!;
    await db()('players')
      .where({ id: first.playerId })
      .update({ current_price: first.currentPrice + 40 });

    const page1 = await ownListings(701, 2);
    expect(page1.listings.map((l) => Number(l.card!.id))).toEqual([owned[2]!.cardId, owned[1]!.cardId]);
    expect(page1.nextCursor).not.toBe('');
    const page2 = await ownListings(701, 2, page1.nextCursor);
    expect(page2.listings.map((l) => Number(l.card!.id))).toEqual([first.cardId]);
    expect(page2.nextCursor).toBe('');
    expect(page2.listings[0]).toMatchObject({
      price: first.currentPrice,
      feePercent: 10,
      estimatedProceeds: first.currentPrice - saleFeeAtRate(first.currentPrice, 10),
      marketPriceAtListing: first.currentPrice,
      currentPrice: first.currentPrice + 40,
      status: 'active',
      listedAt: clock.now().toISOString(),
    });
  });

  it('leaves out withdrawn and sold listings, and another list’s cursor is refused', async () => {
    const [kept, withdrawn] = await giveCards(711, 2);
    await list(711, kept!.cardId, kept!.currentPrice);
    await list(711, withdrawn!.cardId, withdrawn!.currentPrice);
    await withdrawListing(deps(), { userId: 711, cardId: withdrawn!.cardId, idempotencyKey: key('w') });
    const { listings } = await ownListings(711);
    expect(listings.map((l) => Number(l.card!.id))).toEqual([kept!.cardId]);
    const foreign = Buffer.from(JSON.stringify({ v: 1, s: 'audit-log', k: 5, i: 5 })).toString('base64url');
    expect(await codeOf(ownListings(711, 10, foreign))).toBe('invalid');
  });
});

describe('re-price', () => {
  it('withdraws and lists again at the new price, with the fee rule of a new listing', async () => {
    const [card] = await giveCards(721, 1);
    const first = await list(721, card!.cardId, card!.currentPrice);
    const higher = Math.floor(card!.currentPrice * 1.3);
    const repriced = await reprice(721, card!.cardId, higher);
    expect(repriced.listingId).not.toBe(first.listingId);
    expect(repriced).toMatchObject({ price: higher, feePercent: 15 });
    const rows = await db()('listings').where({ card_id: card!.cardId }).orderBy('id');
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['withdrawn', 'active']);
  });

  it('is idempotent: the same key twice, even at once, makes one new listing', async () => {
    const [card] = await giveCards(731, 1);
    await list(731, card!.cardId, card!.currentPrice);
    const sameKey = key('reprice');
    const price = card!.currentPrice + 1;
    const [a, b] = await Promise.all([
      reprice(731, card!.cardId, price, sameKey),
      reprice(731, card!.cardId, price, sameKey),
    ]);
    expect(a.listingId).toBe(b.listingId);
    const again = await reprice(731, card!.cardId, price, sameKey);
    expect(again.listingId).toBe(a.listingId);
    expect(await db()('listings').where({ card_id: card!.cardId }).count<{ count: string }[]>()).toEqual([
      { count: 2 },
    ]);
  });

  it('refuses a card that is not listed, another player’s card and a price out of bounds, changing nothing', async () => {
    const [unlisted, listed] = await giveCards(741, 2);
    expect(await codeOf(reprice(741, unlisted!.cardId, unlisted!.currentPrice))).toBe('not_found');
    await list(741, listed!.cardId, listed!.currentPrice);
    expect(await codeOf(reprice(742, listed!.cardId, listed!.currentPrice))).toBe('forbidden');
    expect(await codeOf(reprice(741, listed!.cardId, listed!.currentPrice * 3))).toBe('invalid');
    const open = await openListingsOf(listed!.cardId);
    expect(open).toHaveLength(1);
    expect(Number(open[0].price)).toBe(listed!.currentPrice);
  });
});

describe('races with a buy of the same listing', () => {
  it('withdraw against a buy: one outcome, the card and the coins where it says', async () => {
    const cardsOf = await giveCards(751, 4);
    for (const [i, card] of cardsOf.entries()) {
      const buyer = 760 + i;
      await list(751, card.cardId, card.currentPrice);
      await grant(buyer, card.currentPrice);
      const [withdrawn, bought] = await Promise.all([
        codeOf(withdrawListing(deps(), { userId: 751, cardId: card.cardId, idempotencyKey: key('w') })),
        codeOf(
          buyCard(deps(), { userId: buyer, cardId: card.cardId, idempotencyKey: key('b'), expectedPrice: 0 }),
        ),
      ]);
      expect([withdrawn, bought].filter((code) => code === 'ok')).toHaveLength(1);
      const [owner] = await db()('cards').where({ id: card.cardId }).pluck('owner_id');
      expect(Number(owner)).toBe(bought === 'ok' ? buyer : 751);
      expect(await coins(buyer)).toBe(bought === 'ok' ? 0 : card.currentPrice);
      expect(await openListingsOf(card.cardId)).toHaveLength(0);
    }
    await audit();
  });

  it('re-price against a buy at the old price: one outcome, never a sale at a price not asked', async () => {
    const cardsOf = await giveCards(771, 4);
    for (const [i, card] of cardsOf.entries()) {
      const buyer = 780 + i;
      const newPrice = card.currentPrice + 5;
      await list(771, card.cardId, card.currentPrice);
      await grant(buyer, newPrice);
      const [repriced, bought] = await Promise.all([
        codeOf(reprice(771, card.cardId, newPrice)),
        codeOf(
          buyCard(deps(), {
            userId: buyer,
            cardId: card.cardId,
            idempotencyKey: key('b'),
            expectedPrice: card.currentPrice,
          }),
        ),
      ]);
      expect([repriced, bought].filter((code) => code === 'ok')).toHaveLength(1);
      const [owner] = await db()('cards').where({ id: card.cardId }).pluck('owner_id');
      if (bought === 'ok') {
        expect(Number(owner)).toBe(buyer);
        expect(await coins(buyer)).toBe(newPrice - card.currentPrice);
      } else {
        expect(Number(owner)).toBe(771);
        expect(await coins(buyer)).toBe(newPrice);
        const open = await openListingsOf(card.cardId);
        expect(open.map((l: { price: number }) => Number(l.price))).toEqual([newPrice]);
      }
    }
    await audit();
  });
});
