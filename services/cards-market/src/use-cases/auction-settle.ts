import { DomainError, inTransaction, type DueRun, type Tx } from '@touchline/kit';
import { AUCTION_MESSAGES } from '@touchline/rules';
import {
  dueAuctions,
  nextAuctionEnd,
  giveAuctionedCard,
  liveBidsOf,
  lockAuction,
  lockBid,
  lockOpenAuctionsOf,
  playerFacts,
  releaseAuctionedCard,
  unfinishedBids,
  updateAuction,
  updateBid,
  type AuctionRow,
  type BidRow,
} from '../db/auctions';
import { auctionChanged } from './auctions';
import { bidHoldKey, releaseHolds } from './auction-holds';
import type { CardsDeps } from './deps';
import { stuckCutoff, sweep } from './sweep';

/** The wallet's answer to committing a hold that was voided (services/wallet-payments/src/domain/hold.ts). */
const HOLD_WAS_VOIDED = 'Hold was voided';

/** The `market.auction.ended` event, in the settlement's transaction: once per auction. */
async function auctionEnded(
  deps: CardsDeps,
  trx: Tx,
  auction: AuctionRow,
  outcome: 'sold' | 'unsold' | 'withdrawn',
  now: Date,
): Promise<void> {
  const player = await playerFacts(trx, auction.player_id);
  const price = outcome === 'sold' ? (auction.final_price ?? 0) : 0;
  const fee = outcome === 'sold' ? (auction.fee ?? 0) : 0;
  await deps.outbox.add(trx, 'market.auction.ended', String(auction.id), {
    auctionId: auction.id,
    outcome,
    cardId: auction.card_id,
    playerId: auction.player_id,
    playerName: player.name,
    rarity: player.rarity,
    sellerUserId: auction.seller_id,
    winnerUserId: outcome === 'sold' ? (auction.winner_id ?? 0) : 0,
    price,
    fee,
    sellerProceeds: price - fee,
    buyNow: auction.buy_now,
    endedAt: now.toISOString(),
  });
}

/** Ends an auction without a sale: the card is its seller's again. */
async function endUnsold(
  deps: CardsDeps,
  trx: Tx,
  auction: AuctionRow,
  outcome: 'unsold' | 'withdrawn',
  now: Date,
): Promise<AuctionRow> {
  await releaseAuctionedCard(trx, auction);
  const ended = await updateAuction(trx, auction.id, { status: outcome, settled_at: now, updated_at: now });
  await auctionEnded(deps, trx, ended, outcome, now);
  return ended;
}

/**
 * Step 1 of the settlement, under the auction's lock: an open auction whose end has come becomes
 * 'settling' when it has a bid, or ends unsold (the card back to its seller) when it has none.
 * Answers the auction as it is now; a bid placed in the same instant was refused by its own check
 * of the end under this lock.
 */
async function closeDue(deps: CardsDeps, auctionId: number): Promise<AuctionRow | undefined> {
  return inTransaction(deps.db, async (trx) => {
    const auction = await lockAuction(trx, auctionId);
    if (!auction) return undefined;
    const now = deps.clock.now();
    if (auction.status !== 'open' || auction.ends_at.getTime() > now.getTime()) return auction;
    if (!auction.current_bid_id) return endUnsold(deps, trx, auction, 'unsold', now);
    return updateAuction(trx, auction.id, { status: 'settling', updated_at: now });
  });
}

/**
 * Step 3: after the wallet posted the winner's held coins (the seller's share, the fee to profit),
 * the card goes to the winner, the auction is 'sold' and its events go out: `market.auction.ended`,
 * and `market.sale.completed` and `cards.card.transferred` as for a market sale, so trade history,
 * missions, the leaderboard and the fraud flags count it as one. Only a 'settling' auction moves.
 */
async function handOver(deps: CardsDeps, auctionId: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const auction = (await lockAuction(trx, auctionId))!;
    if (auction.status !== 'settling') return;
    const bid = (await lockBid(trx, auction.current_bid_id!))!;
    const now = deps.clock.now();
    const card = await giveAuctionedCard(trx, auction, bid.bidder_id, bid.amount, now);
    await updateBid(trx, bid.id, { status: 'won', hold: 'committed', updated_at: now });
    const sold = await updateAuction(trx, auction.id, {
      status: 'sold',
      winner_id: bid.bidder_id,
      final_price: bid.amount,
      fee: bid.fee,
      settled_at: now,
      updated_at: now,
    });
    await auctionEnded(deps, trx, sold, 'sold', now);
    const proceeds = bid.amount - bid.fee;
    const reference = `auction:${auction.id}`;
    await deps.outbox.addAll(trx, [
      {
        topic: 'market.sale.completed',
        key: String(auction.card_id),
        payload: {
          saleId: reference,
          listingId: 0,
          cardId: auction.card_id,
          playerId: card.player_id,
          playerName: card.name,
          rarity: card.rarity,
          sellerUserId: auction.seller_id,
          buyerUserId: bid.bidder_id,
          price: bid.amount,
          fee: bid.fee,
          sellerProceeds: proceeds,
          sellerPurchasePrice: card.was_purchase_price,
          profitLoss: proceeds - card.was_purchase_price,
          completedAt: now.toISOString(),
          auctionId: auction.id,
        },
      },
      {
        topic: 'cards.card.transferred',
        key: String(auction.card_id),
        payload: {
          cardId: auction.card_id,
          playerId: card.player_id,
          fromUserId: auction.seller_id,
          toUserId: bid.bidder_id,
          currentPrice: card.current_price,
          reason: 'auction',
          reference,
          transferredAt: now.toISOString(),
        },
      },
    ]);
  });
}

/** The winner's hold could not be committed (voided): the auction ends without a sale. */
async function endForLostHold(deps: CardsDeps, auctionId: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const auction = (await lockAuction(trx, auctionId))!;
    if (auction.status !== 'settling') return;
    const now = deps.clock.now();
    await updateBid(trx, auction.current_bid_id!, {
      status: 'withdrawn',
      hold: 'released',
      failure: HOLD_WAS_VOIDED,
      updated_at: now,
    });
    await endUnsold(deps, trx, auction, 'unsold', now);
  });
}

/**
 * Settles an auction whose end has come, exactly once however often and however concurrently it
 * runs (the sweeper, a buy-now, a restart half-way): each step moves the auction's state under its
 * lock, and the wallet's commit is keyed by the winning bid's hold, so a second commit answers the
 * first. Does nothing to an auction still running or already ended.
 */
export async function settleAuction(deps: CardsDeps, auctionId: number): Promise<void> {
  const auction = await closeDue(deps, auctionId);
  if (auction?.status !== 'settling') return;
  try {
    await deps.wallet.CommitHold({ holdKey: bidHoldKey(auction.current_bid_id!) });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict' && error.message === HOLD_WAS_VOIDED) {
      deps.logger.error({ auctionId }, "an auction's winning hold was voided: the auction ends unsold");
      await endForLostHold(deps, auctionId);
      return;
    }
    throw error;
  }
  await handOver(deps, auctionId);
}

/**
 * The auction sweeper (jobs.ts): settles every auction whose end has come (or whose settlement a
 * crash left), releases the holds of beaten and refused bids that a crash or a wallet outage left
 * held, and refuses bids whose hold the wallet never confirmed (voiding their key, so a late hold
 * reserves nothing). Answers how many auctions and bids it finished, and when the next open auction
 * ends (the job sleeps until then).
 */
export async function sweepAuctions(deps: CardsDeps): Promise<DueRun> {
  const due = await dueAuctions(deps.db, deps.clock.now(), 50);
  const settled = await sweep(
    deps,
    'auction',
    due.map((a) => ({ ...a, id: String(a.id) })),
    (a) => settleAuction(deps, Number(a.id)),
  );
  const bids = await unfinishedBids(deps.db, stuckCutoff(deps), 100);
  const toRelease: BidRow[] = [];
  for (const bid of bids) {
    if (bid.hold === 'releasing') {
      toRelease.push(bid);
      continue;
    }
    const refused = await inTransaction(deps.db, async (trx) => {
      await lockAuction(trx, bid.auction_id);
      const now = (await lockBid(trx, bid.id))!;
      if (now.status !== 'pending') return undefined;
      return updateBid(trx, bid.id, {
        status: 'refused',
        hold: 'releasing',
        failure: AUCTION_MESSAGES.unconfirmed,
        updated_at: deps.clock.now(),
      });
    });
    if (refused) toRelease.push(refused);
  }
  await releaseHolds(deps, toRelease);
  return { acted: settled + toRelease.length, nextAt: await nextAuctionEnd(deps.db, deps.clock.now()) };
}

/**
 * A banned user's auctions are withdrawn (the card back, the leading bid's hold to release) and
 * their bids released: a leading bid leaves the auction without a leader (the next bid needs the
 * start price), a pending one is refused. In the ban event's inbox transaction, so nothing calls
 * the wallet here: the holds are marked 'releasing' and the sweeper voids them. An auction already
 * settling is left to its settlement: the ban does not take coins already on their way.
 */
export async function onAuctionUserBanned(deps: CardsDeps, trx: Tx, userId: number): Promise<void> {
  const now = deps.clock.now();
  for (const auction of await lockOpenAuctionsOf(trx, userId)) {
    if (auction.current_bid_id) {
      await lockBid(trx, auction.current_bid_id);
      await updateBid(trx, auction.current_bid_id, {
        status: 'withdrawn',
        hold: 'releasing',
        failure: 'The seller was banned',
        updated_at: now,
      });
    }
    await endUnsold(deps, trx, auction, 'withdrawn', now);
  }
  for (const seen of await liveBidsOf(trx, userId)) {
    const auction = (await lockAuction(trx, seen.auction_id))!;
    const bid = (await lockBid(trx, seen.id))!;
    if (auction.status !== 'open') continue;
    if (bid.status === 'pending') {
      await updateBid(trx, bid.id, {
        status: 'refused',
        hold: 'releasing',
        failure: 'Banned',
        updated_at: now,
      });
    } else if (bid.status === 'leading') {
      await updateBid(trx, bid.id, { status: 'withdrawn', hold: 'releasing', updated_at: now });
      const changed = await updateAuction(trx, auction.id, {
        current_bid: null,
        current_bid_id: null,
        current_bidder_id: null,
        updated_at: now,
      });
      await auctionChanged(deps, trx, changed, 'bid_withdrawn', now);
    }
  }
}
