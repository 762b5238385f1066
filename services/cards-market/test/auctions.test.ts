import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock, inTransaction, type Database } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { decodeEvent } from '@touchline/protos';
import { AUCTION_MESSAGES, minNextBid, saleFeeAtRate, saleFeePercent } from '@touchline/rules';
import { placeBid } from '../src/use-cases/auction-bids';
import { bidHoldKey } from '../src/use-cases/auction-holds';
import { settleAuction, sweepAuctions } from '../src/use-cases/auction-settle';
import {
  getAuction,
  listAuctions,
  listMyAuctions,
  listMyBids,
  startAuction,
} from '../src/use-cases/auctions';
import { onUserBanned } from '../src/use-cases/banned';
import { holdCards } from '../src/use-cases/card-holds';
import { buyCard } from '../src/use-cases/buying';
import type { CardsDeps } from '../src/use-cases/deps';
import { sellCard } from '../src/use-cases/selling';
import type { Auction__Output } from '@touchline/protos/gen/touchline/cards_market/Auction';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// A Monday, 10:00 ET (auctions run at any hour; the listing checks below need the market open).
const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let cards: TestService;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;
const HOUR = 60 * 60_000;

const CONFIG = { MARKET_HOURS: 'always', SALE_STUCK_AFTER_MS: '1000' };
const deps = (overrides: Partial<CardsDeps> = {}) => marketDeps(market, clock, CONFIG, overrides);

beforeAll(async () => {
  // No background tick or sweeper: the tests run them at the moments they choose.
  market = await startMarketWithWallet(clock, {
    ...CONFIG,
    PRICE_TICK_CHECK_MS: '86400000',
    AUCTION_SWEEP_INTERVAL_MS: '86400000',
  });
  ({ cards, walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

async function grant(userId: number, amount: number) {
  await walletClient.Grant({ idempotencyKey: key('grant'), userId, amount, reason: 'test' });
}
const balance = async (userId: number) => {
  const b = await walletClient.GetBalance({ userId });
  return { coins: Number(b.coins), held: Number(b.heldCoins) };
};

let nextUser = 500;
/** A fresh user with `coins`. */
async function user(coins = 0): Promise<number> {
  const id = ++nextUser;
  if (coins > 0) await grant(id, coins);
  return id;
}

let offset = 0;
/** A Common card owned by `userId`, with its player's current price. */
async function giveCard(db: Database, userId: number): Promise<{ cardId: number; currentPrice: number }> {
  const row = (await db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.rarity': 'Common' })
    .whereNull('k.reserved_by')
    .whereNull('k.hold_key')
    .orderBy('k.id')
    .offset(offset++)
    .first('k.id', 'p.current_price')) as { id: number; current_price: number };
  await db('cards').where({ id: row.id }).update({ owner_id: userId, purchase_price: 100 });
  return { cardId: row.id, currentPrice: row.current_price };
}

async function auctionOf(sellerId: number, options: { buyNow?: number; duration?: string } = {}) {
  const { cardId, currentPrice } = await giveCard(cards.database.db, sellerId);
  const { auction } = await startAuction(deps(), {
    userId: sellerId,
    cardId,
    startPrice: currentPrice,
    buyNowPrice: options.buyNow ? currentPrice * options.buyNow : 0,
    duration: options.duration ?? '1h',
    idempotencyKey: key('auction'),
  });
  return { auction: auction as Auction__Output, cardId, currentPrice };
}

const bid = (userId: number, auctionId: number, amount: number, idempotencyKey = key('bid')) =>
  placeBid(deps(), { userId, auctionId, amount, idempotencyKey, buyNow: false });
const buyNow = (userId: number, auctionId: number, idempotencyKey = key('buy-now')) =>
  placeBid(deps(), { userId, auctionId, amount: 0, idempotencyKey, buyNow: true });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function ownerAndKey(cardId: number) {
  return (await cards.database.db('cards').where({ id: cardId }).first('owner_id', 'hold_key')) as {
    owner_id: number;
    hold_key: string | null;
  };
}

async function ledgerOk() {
  expect(await walletClient.VerifyLedger({})).toMatchObject({ ok: true, total: 0, negativeUserAccounts: 0 });
}

/** The events an auction wrote to the outbox, by topic, decoded. */
async function eventsOf<T extends 'market.auction.ended' | 'market.auction.changed'>(
  auctionId: number,
  topic: T,
) {
  const rows = (await cards.database
    .db('outbox')
    .where({ topic, key: String(auctionId) })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((r) => decodeEvent(topic, r.payload));
}

async function salesOfCard(cardId: number) {
  const rows = (await cards.database
    .db('outbox')
    .where({ topic: 'market.sale.completed', key: String(cardId) })
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((r) => decodeEvent('market.sale.completed', r.payload));
}

/** Moves the clock past the auction's end (and back afterwards is not needed: auctions end forward). */
function passEnd(endsAt: string) {
  const end = new Date(endsAt).getTime();
  if (clock.now().getTime() <= end) clock.set(new Date(end + 1));
}

describe('starting an auction', () => {
  it('fixes the fee rate at the start, holds the card, and the market, trades and another auction refuse it', async () => {
    const seller = await user();
    const { auction, cardId, currentPrice } = await auctionOf(seller, { buyNow: 2 });
    expect(auction).toMatchObject({
      status: 'open',
      startPrice: currentPrice,
      buyNowPrice: currentPrice * 2,
      feePercent: saleFeePercent(currentPrice, currentPrice),
      minNextBid: currentPrice,
      bidCount: 0,
    });
    expect(new Date(auction.endsAt).getTime() - new Date(auction.startedAt).getTime()).toBe(HOUR);
    expect((await ownerAndKey(cardId)).hold_key).toBe(`auction:${auction.id}`);

    const listing = await refusal(
      sellCard(deps(), { userId: seller, cardId, price: currentPrice, idempotencyKey: key('sell') }),
    );
    expect(listing).toMatchObject({ code: 'conflict', message: AUCTION_MESSAGES.cardAtAuction });
    const trade = await refusal(
      holdCards(deps(), {
        holdKey: key('trade'),
        ownerUserId: seller,
        toUserId: 9,
        cardIds: [cardId],
        reason: 'trade',
        reference: 't',
      }),
    );
    expect(trade.message).toBe('A card in this trade is no longer available');
    const again = await refusal(
      startAuction(deps(), {
        userId: seller,
        cardId,
        startPrice: currentPrice,
        buyNowPrice: 0,
        duration: '6h',
        idempotencyKey: key('auction'),
      }),
    );
    expect(again).toMatchObject({ code: 'conflict', message: AUCTION_MESSAGES.cardAtAuction });
    const buyer = await user(currentPrice * 3);
    const bought = await refusal(
      buyCard(deps(), { userId: buyer, cardId, idempotencyKey: key('buy'), expectedPrice: 0 }),
    );
    expect(bought.code).toBe('conflict');
    // The collection shows it at auction, not held by a trade.
    const view = await getAuction(deps(), auction.id);
    expect(view.auction!.cardId).toBe(cardId);
  });

  it('refuses a listed card, a card in a pending trade, another owner, bad durations and prices; one key, one auction', async () => {
    const seller = await user();
    const listed = await giveCard(cards.database.db, seller);
    await sellCard(deps(), {
      userId: seller,
      cardId: listed.cardId,
      price: listed.currentPrice,
      idempotencyKey: key('sell'),
    });
    const start = (cardId: number, over: Record<string, unknown> = {}) =>
      startAuction(deps(), {
        userId: seller,
        cardId,
        startPrice: listed.currentPrice,
        buyNowPrice: 0,
        duration: '24h',
        idempotencyKey: key('auction'),
        ...over,
      });
    expect(await refusal(start(listed.cardId))).toMatchObject({ message: AUCTION_MESSAGES.cardBusy });

    const traded = await giveCard(cards.database.db, seller);
    await holdCards(deps(), {
      holdKey: key('trade'),
      ownerUserId: seller,
      toUserId: 9,
      cardIds: [traded.cardId],
      reason: 'trade',
      reference: 't',
    });
    expect(await refusal(start(traded.cardId))).toMatchObject({ message: AUCTION_MESSAGES.cardBusy });

    const free = await giveCard(cards.database.db, seller);
    expect((await refusal(start(free.cardId, { userId: seller + 1000 }))).code).toBe('forbidden');
    expect((await refusal(start(free.cardId, { duration: '2h' }))).code).toBe('invalid');
    expect((await refusal(start(free.cardId, { buyNowPrice: free.currentPrice }))).message).toBe(
      AUCTION_MESSAGES.buyNowAboveStart,
    );
    expect((await refusal(start(free.cardId, { startPrice: free.currentPrice * 10 }))).code).toBe('invalid');

    const idem = key('auction');
    const [a, b] = await Promise.all([
      start(free.cardId, { idempotencyKey: idem }),
      start(free.cardId, { idempotencyKey: idem }),
    ]);
    expect(a.auction!.id).toBe(b.auction!.id);
    expect((await listMyAuctions(deps(), { userId: seller })).auctions.map((x) => x.id)).toEqual([
      a.auction!.id,
    ]);
  });
});

describe('bidding', () => {
  it('holds each bid, releases the beaten one at once, asks 5% more, and refuses the seller', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller);
    const [alice, bob] = [await user(currentPrice * 3), await user(currentPrice * 3)];

    const own = await refusal(bid(seller, auction.id, currentPrice));
    expect(own).toMatchObject({ code: 'business_rule', message: AUCTION_MESSAGES.ownBid });
    const low = await refusal(bid(alice, auction.id, currentPrice - 1));
    expect(low.message).toBe(AUCTION_MESSAGES.tooLow(currentPrice));

    const first = await bid(alice, auction.id, currentPrice);
    expect(first.bid).toMatchObject({ status: 'leading', amount: currentPrice });
    expect(first.remainingCoins).toBe(currentPrice * 2);
    expect(await balance(alice)).toEqual({ coins: currentPrice * 2, held: currentPrice });

    const min = minNextBid(currentPrice, currentPrice);
    expect(min).toBe(currentPrice + Math.max(1, Math.ceil(currentPrice * 0.05)));
    expect((await refusal(bid(bob, auction.id, min - 1))).message).toBe(AUCTION_MESSAGES.tooLow(min));
    const second = await bid(bob, auction.id, min);
    expect(second.auction).toMatchObject({ currentBid: min, currentBidderUserId: bob, bidCount: 2 });
    // Alice's hold is gone as the answer arrives: nothing waits for a sweeper.
    expect(await balance(alice)).toEqual({ coins: currentPrice * 3, held: 0 });
    expect(await balance(bob)).toEqual({ coins: currentPrice * 3 - min, held: min });

    const changed = await eventsOf(auction.id, 'market.auction.changed');
    expect(changed.at(-1)).toMatchObject({
      change: 'bid',
      outbidUserId: alice,
      outbidAmount: currentPrice,
      currentBid: min,
    });
    const history = await getAuction(deps(), auction.id);
    expect(history.auction!.bids!.map((b) => [b.bidderUserId, b.status])).toEqual([
      [bob, 'leading'],
      [alice, 'outbid'],
    ]);
    expect((await listMyBids(deps(), { userId: alice })).auctions[0]).toMatchObject({
      id: auction.id,
      myHighestBid: currentPrice,
    });

    // The same key again is the same bid (no second hold).
    const replay = await bid(bob, auction.id, min, (await getAuctionKey(Number(second.bid!.id))) ?? '');
    expect(replay.bid!.id).toBe(second.bid!.id);
    expect((await balance(bob)).held).toBe(min);
    await ledgerOk();
  });

  it('a bid without the coins is refused and holds nothing', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller);
    const poor = await user(currentPrice - 1);
    expect((await refusal(bid(poor, auction.id, currentPrice))).message).toBe(AUCTION_MESSAGES.notEnough);
    expect(await balance(poor)).toEqual({ coins: currentPrice - 1, held: 0 });
    expect((await getAuction(deps(), auction.id)).auction).toMatchObject({ bidCount: 0, currentBid: 0 });
  });

  it('a bid in the last 30 s moves the end to 30 s after it; one after the end is refused', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller);
    const bidder = await user(currentPrice * 3);
    const end = new Date(auction.endsAt).getTime();
    clock.set(new Date(end - 60_000));
    const early = await bid(bidder, auction.id, currentPrice);
    expect(early.auction!.endsAt).toBe(auction.endsAt);
    clock.set(new Date(end - 10_000));
    const late = await bid(bidder, auction.id, minNextBid(currentPrice, currentPrice));
    expect(late.auction!.endsAt).toBe(new Date(end + 20_000).toISOString());
    clock.set(new Date(end + 20_000));
    const ended = await refusal(bid(await user(currentPrice * 3), auction.id, currentPrice * 2));
    expect(ended.message).toBe(AUCTION_MESSAGES.ended);
    await settleAuction(deps(), auction.id);
    expect((await getAuction(deps(), auction.id)).auction!.status).toBe('sold');
  });

  it('parallel bids of one amount: one leads, every other is refused, and only the leader holds coins', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller);
    const bidders = await Promise.all(Array.from({ length: 6 }, () => user(currentPrice * 10)));
    const outcomes = await Promise.allSettled(bidders.map((b) => bid(b, auction.id, currentPrice)));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as DomainError).code).toBe('business_rule');
    const view = (await getAuction(deps(), auction.id)).auction!;
    expect(view.bidCount).toBe(1);
    const held = await Promise.all(bidders.map(async (b) => (await balance(b)).held));
    expect(held.filter((h) => h > 0)).toEqual([currentPrice]);
    expect(held[bidders.indexOf(Number(view.currentBidderUserId))]).toBe(currentPrice);

    // Rising parallel bids: each step has one leader, every beaten hold is released.
    const next = minNextBid(currentPrice, currentPrice);
    const steps = await Promise.allSettled(
      bidders.map((b, i) => bid(b, auction.id, next + i * Math.ceil(next / 10))),
    );
    expect(steps.some((s) => s.status === 'fulfilled')).toBe(true);
    await sweepAuctions(deps()); // nothing should be left to release, but run it as production does
    const after = (await getAuction(deps(), auction.id)).auction!;
    const holds = await Promise.all(bidders.map(async (b) => (await balance(b)).held));
    expect(holds.reduce((a, b) => a + b, 0)).toBe(Number(after.currentBid));
    expect(holds[bidders.indexOf(Number(after.currentBidderUserId))]).toBe(Number(after.currentBid));
    await ledgerOk();
  });
});

/** The idempotency key a bid was made with. */
async function getAuctionKey(bidId: number): Promise<string | undefined> {
  const row = (await cards.database.db('auction_bids').where({ id: bidId }).first('idempotency_key')) as
    { idempotency_key: string } | undefined;
  return row?.idempotency_key;
}

describe('settling', () => {
  it('settles once however often it runs at once: card to the winner, coins to the seller less the fee', async () => {
    const seller = await user();
    const { auction, cardId, currentPrice } = await auctionOf(seller);
    const [alice, bob] = [await user(currentPrice * 3), await user(currentPrice * 3)];
    await bid(alice, auction.id, currentPrice);
    const top = minNextBid(currentPrice, currentPrice);
    await bid(bob, auction.id, top);
    passEnd((await getAuction(deps(), auction.id)).auction!.endsAt!);

    await Promise.all([
      settleAuction(deps(), auction.id),
      settleAuction(deps(), auction.id),
      sweepAuctions(deps()),
      sweepAuctions(deps()),
    ]);
    await settleAuction(deps(), auction.id);

    const fee = saleFeeAtRate(top, auction.feePercent);
    expect((await getAuction(deps(), auction.id)).auction).toMatchObject({
      status: 'sold',
      winnerUserId: bob,
      finalPrice: top,
    });
    expect(await ownerAndKey(cardId)).toEqual({ owner_id: bob, hold_key: null });
    expect(await balance(bob)).toEqual({ coins: currentPrice * 3 - top, held: 0 });
    expect(await balance(alice)).toEqual({ coins: currentPrice * 3, held: 0 });
    expect(await balance(seller)).toEqual({ coins: top - fee, held: 0 });
    expect(await eventsOf(auction.id, 'market.auction.ended')).toEqual([
      expect.objectContaining({
        outcome: 'sold',
        winnerUserId: bob,
        price: top,
        fee,
        sellerProceeds: top - fee,
      }),
    ]);
    // The sale is a sale for trade history, missions and the leaderboard: one market.sale.completed.
    expect(await salesOfCard(cardId)).toEqual([
      expect.objectContaining({
        saleId: `auction:${auction.id}`,
        auctionId: auction.id,
        price: top,
        buyerUserId: bob,
      }),
    ]);
    await ledgerOk();
  });

  it('with no bid the card returns to its seller, once', async () => {
    const seller = await user();
    const { auction, cardId } = await auctionOf(seller);
    passEnd(auction.endsAt);
    await Promise.all([sweepAuctions(deps()), sweepAuctions(deps())]);
    expect((await getAuction(deps(), auction.id)).auction!.status).toBe('unsold');
    expect(await ownerAndKey(cardId)).toEqual({ owner_id: seller, hold_key: null });
    expect((await eventsOf(auction.id, 'market.auction.ended')).map((e) => e.outcome)).toEqual(['unsold']);
    // Free again: it can be listed.
    const price = Number((await getAuction(deps(), auction.id)).auction!.player!.currentPrice);
    await sellCard(deps(), { userId: seller, cardId, price, idempotencyKey: key('sell') });
  });

  it('a settlement cut off after the wallet committed is finished by the sweeper (a kill mid-saga)', async () => {
    const seller = await user();
    const { auction, cardId, currentPrice } = await auctionOf(seller);
    const winner = await user(currentPrice * 2);
    const placed = await bid(winner, auction.id, currentPrice);
    passEnd(auction.endsAt);
    // What a process killed between its steps leaves: the auction settling, the coins committed.
    await cards.database.db('auctions').where({ id: auction.id }).update({ status: 'settling' });
    await walletClient.CommitHold({ holdKey: bidHoldKey(Number(placed.bid!.id)) });
    await sweepAuctions(deps());
    expect(await ownerAndKey(cardId)).toEqual({ owner_id: winner, hold_key: null });
    expect(await balance(winner)).toEqual({ coins: currentPrice, held: 0 });
    expect(await salesOfCard(cardId)).toHaveLength(1);
    await ledgerOk();
  });

  it('a bid whose hold was taken but never placed (a kill) is refused by the sweeper and its hold released', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller);
    const bidder = await user(currentPrice * 2);
    const now = clock.now();
    const [row] = (await cards.database
      .db('auction_bids')
      .insert({
        auction_id: auction.id,
        bidder_id: bidder,
        idempotency_key: key('bid'),
        amount: currentPrice,
        fee: 0,
        buy_now: false,
        status: 'pending',
        hold: 'taking',
        created_at: now,
        updated_at: now,
      })
      .returning('id')) as { id: number }[];
    await walletClient.Hold({
      holdKey: bidHoldKey(row!.id),
      fromAccount: `user:${bidder}`,
      toAccount: `user:${seller}`,
      amount: currentPrice,
      fee: 0,
      reason: 'auction.bid',
      reference: `auction:${auction.id}`,
    });
    expect((await balance(bidder)).held).toBe(currentPrice);
    await sweepAuctions(deps({ clock: fixedClock(new Date(now.getTime() + 60_000)) }));
    expect(await balance(bidder)).toEqual({ coins: currentPrice * 2, held: 0 });
    const bidRow = (await cards.database.db('auction_bids').where({ id: row!.id }).first()) as {
      status: string;
      hold: string;
    };
    expect(bidRow).toMatchObject({ status: 'refused', hold: 'released' });
  });
});

describe('buy-now', () => {
  it('a buy-now against a racing bid: one outcome, the card moves once, holds exact', async () => {
    const seller = await user();
    const { auction, cardId, currentPrice } = await auctionOf(seller, { buyNow: 2 });
    const buyNowPrice = currentPrice * 2;
    const [buyer, bidder] = [await user(buyNowPrice * 2), await user(buyNowPrice * 2)];
    const [bought, bidden] = await Promise.allSettled([
      buyNow(buyer, auction.id),
      bid(bidder, auction.id, currentPrice),
    ]);
    expect(bought.status).toBe('fulfilled');
    const after = (await getAuction(deps(), auction.id)).auction!;
    expect(after).toMatchObject({ status: 'sold', winnerUserId: buyer, finalPrice: buyNowPrice });
    expect(await ownerAndKey(cardId)).toEqual({ owner_id: buyer, hold_key: null });
    expect(await balance(buyer)).toEqual({ coins: buyNowPrice, held: 0 });
    // Whether the bid came first (then outbid and released) or after (then refused), it holds nothing.
    expect(await balance(bidder)).toEqual({ coins: buyNowPrice * 2, held: 0 });
    if (bidden.status === 'rejected')
      expect((bidden.reason as DomainError).message).toBe(AUCTION_MESSAGES.ended);
    await Promise.all([sweepAuctions(deps()), settleAuction(deps(), auction.id)]);
    expect(await salesOfCard(cardId)).toHaveLength(1);
    expect(await eventsOf(auction.id, 'market.auction.ended')).toHaveLength(1);
    expect((await refusal(buyNow(bidder, auction.id))).message).toBe(AUCTION_MESSAGES.ended);
    await ledgerOk();
  });

  it('a bid at or above the buy-now price is sent to buy-now; no buy-now where none was set', async () => {
    const seller = await user();
    const { auction, currentPrice } = await auctionOf(seller, { buyNow: 2 });
    const bidder = await user(currentPrice * 5);
    expect((await refusal(bid(bidder, auction.id, currentPrice * 2))).message).toBe(
      AUCTION_MESSAGES.atBuyNow,
    );
    const plain = await auctionOf(seller);
    expect((await refusal(buyNow(bidder, plain.auction.id))).message).toBe(AUCTION_MESSAGES.noBuyNow);
  });
});

describe('bans', () => {
  it("a banned seller's auction is withdrawn and its leading bid released; a banned bidder's bid leaves the lead", async () => {
    const seller = await user();
    const { auction, cardId, currentPrice } = await auctionOf(seller);
    const bidder = await user(currentPrice * 2);
    await bid(bidder, auction.id, currentPrice);

    const other = await user();
    const second = await auctionOf(other);
    await bid(bidder, second.auction.id, second.currentPrice);

    await inTransaction(deps().db, (trx) =>
      onUserBanned(deps(), trx, {
        userId: seller,
        banned: true,
        actorUserId: 1,
        changedAt: '',
        reason: '',
      } as never),
    );
    expect((await getAuction(deps(), auction.id)).auction!.status).toBe('withdrawn');
    expect(await ownerAndKey(cardId)).toEqual({ owner_id: seller, hold_key: null });
    expect((await eventsOf(auction.id, 'market.auction.ended')).map((e) => e.outcome)).toEqual(['withdrawn']);

    await inTransaction(deps().db, (trx) =>
      onUserBanned(deps(), trx, {
        userId: bidder,
        banned: true,
        actorUserId: 1,
        changedAt: '',
        reason: '',
      } as never),
    );
    const open = (await getAuction(deps(), second.auction.id)).auction!;
    expect(open).toMatchObject({
      status: 'open',
      currentBid: 0,
      currentBidderUserId: 0,
      minNextBid: second.currentPrice,
    });
    // The ban's transaction calls no wallet: the sweeper voids the holds right after.
    await sweepAuctions(deps());
    expect(await balance(bidder)).toEqual({ coins: currentPrice * 2, held: 0 });
    await ledgerOk();
  });
});

describe('the live list', () => {
  it('lists open auctions ending soonest first, filtered by rarity and team, a page at a time', async () => {
    const seller = await user();
    const long = await auctionOf(seller, { duration: '3d' });
    const short = await auctionOf(seller, { duration: '1h' });
    const all: number[] = [];
    let cursor = '';
    do {
      const page = await listAuctions(deps(), { rarity: 'Common', teamId: 0, page: { pageSize: 2, cursor } });
      all.push(...page.auctions.map((a) => Number(a.id)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.indexOf(Number(short.auction.id))).toBeLessThan(all.indexOf(Number(long.auction.id)));
    expect((await listAuctions(deps(), { rarity: 'Legendary', teamId: 0, page: null })).auctions).toEqual([]);
    const teamId = Number(short.auction.player!.teamId);
    const byTeam = await listAuctions(deps(), { rarity: '', teamId, page: { pageSize: 100, cursor: '' } });
    expect(byTeam.auctions.every((a) => Number(a.player!.teamId) === teamId)).toBe(true);
  });
});
