import {
  businessRule,
  conflict,
  DomainError,
  forbidden,
  inTransaction,
  invalid,
  isOutcomeUnknown,
  notFound,
  pending,
} from '@touchline/kit';
import {
  AUCTION_MESSAGES,
  endAfterBid,
  minNextBid,
  saleFeeAtRate,
  UNDER_REVIEW,
  userAccount,
} from '@touchline/rules';
import type { AuctionBid } from '@touchline/protos/gen/touchline/cards_market/AuctionBid';
import type { PlaceBidResponse } from '@touchline/protos/gen/touchline/cards_market/PlaceBidResponse';
import {
  auctionView,
  bidById,
  bidOfKey,
  insertPendingBid,
  lockAuction,
  lockBid,
  updateAuction,
  updateBid,
  type AuctionRow,
  type BidRow,
} from '../db/auctions';
import { auctionChanged, auctionMessages } from './auctions';
import { bidHoldKey, releaseHolds } from './auction-holds';
import { settleAuction } from './auction-settle';
import type { CardsDeps } from './deps';

/** The answer while the wallet has not confirmed the hold yet (HTTP 202): the sweeper ends it. */
export const BID_PENDING = 'Your bid is being confirmed. Check the auction in a moment.';

interface BidRequest {
  userId: number;
  auctionId: number;
  idempotencyKey: string;
  /** The bid; for a buy-now, the buy-now price the page showed (0 = unchecked). */
  amount: number;
  buyNow: boolean;
}

/** Why an auction takes no bid of `amount` from `bidderId` now, or undefined. */
function bidRefusal(auction: AuctionRow, bid: Pick<BidRow, 'bidder_id' | 'amount' | 'buy_now'>, now: Date) {
  if (auction.seller_id === bid.bidder_id) return businessRule(AUCTION_MESSAGES.ownBid);
  if (auction.status !== 'open' || now.getTime() >= auction.ends_at.getTime())
    return businessRule(AUCTION_MESSAGES.ended);
  const buyNowPrice = auction.buy_now_price;
  if (bid.buy_now) {
    if (!buyNowPrice) return businessRule(AUCTION_MESSAGES.noBuyNow);
    if ((auction.current_bid ?? 0) >= buyNowPrice) return businessRule(AUCTION_MESSAGES.buyNowBelowBid);
    if (bid.amount !== buyNowPrice) return conflict(`The buy-now price is ${buyNowPrice} coins`);
    return undefined;
  }
  if (buyNowPrice && bid.amount >= buyNowPrice) return businessRule(AUCTION_MESSAGES.atBuyNow);
  const min = minNextBid(auction.start_price, auction.current_bid);
  if (bid.amount < min) return businessRule(AUCTION_MESSAGES.tooLow(min));
  return undefined;
}

/** Step 1: the bid is recorded as pending (its hold being taken), after the auction's checks. */
async function recordBid(deps: CardsDeps, request: BidRequest): Promise<BidRow> {
  return inTransaction(deps.db, async (trx) => {
    const auction = await lockAuction(trx, request.auctionId);
    if (!auction) throw notFound('Auction not found');
    // Under the auction's lock, so a copy of this request sent at the same moment finds this bid.
    const twin = await bidOfKey(trx, request.userId, request.idempotencyKey);
    if (twin) {
      const otherAmount = !request.buyNow && twin.amount !== request.amount;
      if (twin.auction_id !== request.auctionId || twin.buy_now !== request.buyNow || otherAmount)
        throw conflict('Idempotency key was used for another bid');
      return twin;
    }
    const amount = request.buyNow ? (auction.buy_now_price ?? 0) : request.amount;
    if (request.buyNow && request.amount && request.amount !== amount)
      throw conflict(`The buy-now price is ${amount} coins`);
    const refusal = bidRefusal(
      auction,
      { bidder_id: request.userId, amount, buy_now: request.buyNow },
      deps.clock.now(),
    );
    if (refusal) throw refusal;
    return insertPendingBid(
      trx,
      {
        auction_id: auction.id,
        bidder_id: request.userId,
        idempotency_key: request.idempotencyKey,
        amount,
        fee: saleFeeAtRate(amount, auction.fee_percent),
        buy_now: request.buyNow,
      },
      deps.clock.now(),
    );
  });
}

/** A pending bid that will not be placed: refused, its hold (if the wallet took one) to release. */
async function refuseBid(deps: CardsDeps, bid: BidRow, failure: string, hold: 'none' | 'releasing') {
  return inTransaction(deps.db, async (trx) => {
    await lockAuction(trx, bid.auction_id);
    const now = await lockBid(trx, bid.id);
    if (!now || now.status !== 'pending') return now!;
    return updateBid(trx, bid.id, { status: 'refused', hold, failure, updated_at: deps.clock.now() });
  });
}

/**
 * Step 3, after the wallet holds the coins: under the auction's lock the bid is checked again (a
 * racing bid may have raised the minimum, the end may have come) and placed, or refused. Placed,
 * the previous leader's bid is outbid and its hold to release; a bid in the last 30 s moves the end
 * to 30 s after it; a buy-now ends the auction (settling). Returns the bid as it is, and the bids
 * whose holds this call must release.
 */
async function place(deps: CardsDeps, bid: BidRow): Promise<{ bid: BidRow; release: BidRow[] }> {
  return inTransaction(deps.db, async (trx) => {
    const auction = (await lockAuction(trx, bid.auction_id))!;
    const current = (await lockBid(trx, bid.id))!;
    if (current.status !== 'pending') return { bid: current, release: [] };
    const now = deps.clock.now();
    const refusal = bidRefusal(auction, current, now);
    if (refusal) {
      const refused = await updateBid(trx, bid.id, {
        status: 'refused',
        hold: 'releasing',
        failure: refusal.message,
        updated_at: now,
      });
      return { bid: refused, release: [refused] };
    }
    const release: BidRow[] = [];
    let outbid: { userId: number; amount: number } | undefined;
    if (auction.current_bid_id) {
      const previous = (await lockBid(trx, auction.current_bid_id))!;
      release.push(
        await updateBid(trx, previous.id, { status: 'outbid', hold: 'releasing', updated_at: now }),
      );
      if (previous.bidder_id !== current.bidder_id)
        outbid = { userId: previous.bidder_id, amount: previous.amount };
    }
    const placed = await updateBid(trx, bid.id, { status: 'leading', hold: 'held', updated_at: now });
    const changed = await updateAuction(trx, auction.id, {
      current_bid: placed.amount,
      current_bid_id: placed.id,
      current_bidder_id: placed.bidder_id,
      bid_count: auction.bid_count + 1,
      ...(placed.buy_now
        ? { status: 'settling', buy_now: true, ends_at: now }
        : { ends_at: endAfterBid(auction.ends_at, now) }),
      updated_at: now,
    });
    await auctionChanged(deps, trx, changed, 'bid', now, outbid);
    return { bid: placed, release };
  });
}

/** A refusal the wallet gave to a hold, as the bidder hears it. */
function walletRefusal(error: DomainError): DomainError {
  if (error.code === 'forbidden') return forbidden(UNDER_REVIEW);
  return businessRule(AUCTION_MESSAGES.notEnough);
}

/**
 * Step 2 and 3 of a pending bid: hold its coins under the bid's key (the same key again answers
 * the same hold; a key the sweeper voided stays voided), then place it. Safe to run again.
 */
async function drive(deps: CardsDeps, bid: BidRow): Promise<{ bid: BidRow; balance?: number }> {
  if (bid.status !== 'pending') return { bid };
  let balance: number | undefined;
  try {
    const held = await deps.wallet.Hold({
      holdKey: bidHoldKey(bid.id),
      fromAccount: userAccount(bid.bidder_id),
      toAccount: userAccount(await sellerOf(deps, bid.auction_id)),
      amount: bid.amount,
      fee: bid.fee,
      reason: 'auction.bid',
      reference: `auction:${bid.auction_id}`,
    });
    if (held.status === 'voided') {
      return { bid: await refuseBid(deps, bid, AUCTION_MESSAGES.unconfirmed, 'none') };
    }
    balance = Number(held.fromBalance);
  } catch (error) {
    if (error instanceof DomainError && !isOutcomeUnknown(error)) {
      const refusal = walletRefusal(error);
      // A refused hold leaves nothing under its key in the wallet: nothing to release.
      await refuseBid(deps, bid, refusal.message, 'none');
      throw refusal;
    }
    throw error;
  }
  const { bid: placed, release } = await place(deps, bid);
  await releaseHolds(deps, release);
  return { bid: placed, balance };
}

async function sellerOf(deps: CardsDeps, auctionId: number): Promise<number> {
  const view = await auctionView(deps.db, auctionId);
  return view!.seller_id;
}

function bidMessage(bid: BidRow): AuctionBid {
  return {
    id: bid.id,
    bidderUserId: bid.bidder_id,
    amount: bid.amount,
    status: bid.status,
    buyNow: bid.buy_now,
    placedAt: bid.created_at.toISOString(),
  };
}

/** The answer of a refused bid, the same on every replay of its key. */
function refusalOfBid(bid: BidRow): DomainError {
  const failure = bid.failure ?? AUCTION_MESSAGES.ended;
  if (failure === UNDER_REVIEW) return forbidden(failure);
  if (failure.startsWith('The buy-now price is')) return conflict(failure);
  return businessRule(failure);
}

/**
 * A bid or a buy-now (docs/design.md#5-cards-and-the-market). The saga: record the bid pending →
 * hold its coins in the bidder's wallet → place it under the auction's lock (or refuse it and void
 * the hold) → void the hold of the bid it beat at once. A buy-now then settles the auction. The same
 * idempotency key answers the same bid; while the wallet cannot answer, 'pending' (202), and the
 * sweeper refuses the bid and voids its key after the grace period.
 */
export async function placeBid(deps: CardsDeps, request: BidRequest): Promise<PlaceBidResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  if (!request.buyNow && (!Number.isSafeInteger(request.amount) || request.amount <= 0))
    throw invalid('Bid must be a whole number of coins');
  const recorded = await recordBid(deps, request);
  let driven: { bid: BidRow; balance?: number };
  try {
    driven = await drive(deps, recorded);
  } catch (error) {
    if (isOutcomeUnknown(error)) throw pending(BID_PENDING);
    throw error;
  }
  const { bid } = driven;
  if (bid.status === 'refused') throw refusalOfBid(bid);
  if (bid.buy_now && bid.status === 'leading') {
    try {
      await settleAuction(deps, bid.auction_id);
    } catch (error) {
      // The coins are held and the auction is settling: the sweeper finishes what this could not.
      deps.logger.warn({ err: error, auctionId: bid.auction_id }, 'buy-now settlement left to the sweeper');
    }
  }
  const view = await auctionView(deps.db, bid.auction_id);
  const [auction] = await auctionMessages(deps, [view!]);
  const balance = driven.balance ?? Number((await deps.wallet.GetBalance({ userId: request.userId })).coins);
  const final = bid.buy_now ? ((await bidById(deps.db, bid.id)) ?? bid) : bid;
  return { auction, bid: bidMessage(final), remainingCoins: balance };
}
