import {
  BAD_CURSOR_MESSAGE,
  conflict,
  encodeCursor,
  decodeCursor,
  forbidden,
  idCursors,
  inTransaction,
  invalid,
  notFound,
  pageSize,
  type Tx,
} from '@touchline/kit';
import {
  AUCTION_DURATIONS,
  AUCTION_MESSAGES,
  isLineupHold,
  LINEUP_CARD_MESSAGES,
  isAuctionDuration,
  saleFeePercent,
  sellPriceBounds,
} from '@touchline/rules';
import type { Auction } from '@touchline/protos/gen/touchline/cards_market/Auction';
import type { ListAuctionsRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListAuctionsRequest';
import type { StartAuctionRequest__Output } from '@touchline/protos/gen/touchline/cards_market/StartAuctionRequest';
import {
  auctionOfKey,
  auctionView,
  bidderAuctions,
  bidsOf,
  insertAuction,
  lockCardToAuction,
  openAuctions,
  playerFacts,
  sellerAuctions,
  type AuctionRow,
  type AuctionView,
} from '../db/auctions';
import { anyListed } from '../db/card-holds';
import { auctionMessage } from '../mappers';
import type { CardsDeps } from './deps';

/** How many bids an auction's page shows (newest first). */
const BID_HISTORY = 100;

export async function auctionMessages(deps: CardsDeps, views: AuctionView[]): Promise<Auction[]> {
  const players = await deps.players.get(views.map((v) => v.player_id));
  return views.map((view) => auctionMessage(view, players.get(view.player_id)!, deps.players));
}

/** The `market.auction.changed` event of an auction as it is now (in the transaction that changed it). */
export async function auctionChanged(
  deps: CardsDeps,
  trx: Tx,
  auction: AuctionRow,
  change: 'started' | 'bid' | 'bid_withdrawn',
  now: Date,
  outbid?: { userId: number; amount: number },
): Promise<void> {
  const player = await playerFacts(trx, auction.player_id);
  await deps.outbox.add(trx, 'market.auction.changed', String(auction.id), {
    auctionId: auction.id,
    change,
    cardId: auction.card_id,
    playerId: auction.player_id,
    playerName: player.name,
    rarity: player.rarity,
    sellerUserId: auction.seller_id,
    currentBid: auction.current_bid ?? 0,
    currentBidderUserId: auction.current_bidder_id ?? 0,
    bidCount: auction.bid_count,
    endsAt: auction.ends_at.toISOString(),
    outbidUserId: outbid?.userId ?? 0,
    outbidAmount: outbid?.amount ?? 0,
    changedAt: now.toISOString(),
  });
}

function sameAuction(row: AuctionRow, request: StartAuctionRequest__Output): AuctionRow {
  if (row.card_id !== request.cardId) throw conflict('Idempotency key was used for another auction');
  return row;
}

/**
 * Puts an own card up for auction (docs/features.md, "Auctions"): a start price within the sell
 * bounds (50%–150% of the player's price), an optional buy-now above it, one of the four
 * durations. The market's sale fee rate is decided now, against the start price and the player's
 * price of this moment, and stored: the settlement charges it on the final price. The card must be
 * free (not listed, not held by a trade or another auction); it carries the auction's key until the
 * auction ends. One key, one auction.
 */
export async function startAuction(
  deps: CardsDeps,
  request: StartAuctionRequest__Output,
): Promise<{ auction: Auction }> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  if (!isAuctionDuration(request.duration)) throw invalid('Duration must be one of 1h, 6h, 24h, 3d');
  if (!Number.isSafeInteger(request.startPrice) || request.startPrice <= 0)
    throw invalid('Start price must be a whole number of coins');
  const buyNow = request.buyNowPrice || null;
  if (buyNow !== null && (!Number.isSafeInteger(buyNow) || buyNow <= request.startPrice))
    throw invalid(AUCTION_MESSAGES.buyNowAboveStart);
  const duration = request.duration;
  const row = await inTransaction(deps.db, async (trx) => {
    const card = await lockCardToAuction(trx, request.cardId);
    // Under the card's lock: a twin request with this key that got here first made the auction.
    const twin = await auctionOfKey(trx, request.userId, request.idempotencyKey);
    if (twin) return sameAuction(twin, request);
    if (!card) throw notFound('Card not found');
    if (card.owner_id !== request.userId) throw forbidden(AUCTION_MESSAGES.notOwner);
    if (card.hold_key?.startsWith('auction:')) throw conflict(AUCTION_MESSAGES.cardAtAuction);
    if (isLineupHold(card.hold_key)) throw conflict(LINEUP_CARD_MESSAGES.cardInLineup);
    if (card.hold_key || card.reserved_by || (await anyListed(trx, [card.id])))
      throw conflict(AUCTION_MESSAGES.cardBusy);
    const { min, max } = sellPriceBounds(card.current_price);
    if (request.startPrice < min || request.startPrice > max)
      throw invalid(`Start price must be between ${min} and ${max} coins`);
    const now = deps.clock.now();
    const auction = await insertAuction(
      trx,
      {
        idempotency_key: request.idempotencyKey,
        card_id: card.id,
        seller_id: request.userId,
        player_id: card.player_id,
        start_price: request.startPrice,
        buy_now_price: buyNow,
        fee_percent: saleFeePercent(request.startPrice, card.current_price),
        duration,
        ends_at: new Date(now.getTime() + AUCTION_DURATIONS[duration] / deps.config.AUCTION_DURATION_SCALE),
      },
      now,
    );
    await auctionChanged(deps, trx, auction, 'started', now);
    return auction;
  });
  return { auction: await getAuctionMessage(deps, row.id, false) };
}

async function getAuctionMessage(deps: CardsDeps, id: number, withBids: boolean): Promise<Auction> {
  const view = await auctionView(deps.db, id);
  if (!view) throw notFound('Auction not found');
  const [auction] = await auctionMessages(deps, [view]);
  if (withBids) {
    const bids = await bidsOf(deps.db, id, BID_HISTORY);
    auction!.bids = bids.map((bid) => ({
      id: bid.id,
      bidderUserId: bid.bidder_id,
      amount: bid.amount,
      status: bid.status,
      buyNow: bid.buy_now,
      placedAt: bid.created_at.toISOString(),
    }));
  }
  return auction!;
}

/** One auction with its bid history (anyone may see it: the card's public face only). */
export async function getAuction(deps: CardsDeps, auctionId: number): Promise<{ auction: Auction }> {
  return { auction: await getAuctionMessage(deps, auctionId, true) };
}

const OPEN_LIST = 'auctions:ending';

/** The live list: open auctions, ending soonest first, a page at a time (keyset on end and id). */
export async function listAuctions(
  deps: CardsDeps,
  request: ListAuctionsRequest__Output,
): Promise<{ auctions: Auction[]; nextCursor: string }> {
  const size = pageSize(request.page?.pageSize ?? 0);
  const cursor = request.page?.cursor ?? '';
  let after: { endsAt: Date; id: number } | undefined;
  if (cursor) {
    const { key, id } = decodeCursor(OPEN_LIST, cursor);
    if (typeof key !== 'number') throw invalid(BAD_CURSOR_MESSAGE);
    after = { endsAt: new Date(key), id };
  }
  const rows = await openAuctions(deps.db, {
    rarity: request.rarity || undefined,
    teamId: request.teamId || undefined,
    after,
    limit: size + 1,
  });
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    auctions: await auctionMessages(deps, page),
    nextCursor:
      rows.length > size && last ? encodeCursor(OPEN_LIST, { key: last.ends_at.getTime(), id: last.id }) : '',
  };
}

const mineCursors = idCursors('auctions:mine');
const bidCursors = idCursors('auctions:bids');

/** 'My auctions': the seller's own, every status, newest first. */
export async function listMyAuctions(
  deps: CardsDeps,
  request: { userId: number; page?: { pageSize: number; cursor: string } | null },
): Promise<{ auctions: Auction[]; nextCursor: string }> {
  const size = pageSize(request.page?.pageSize ?? 0);
  const beforeId = mineCursors.decode(request.page?.cursor ?? '');
  const rows = await sellerAuctions(deps.db, request.userId, { beforeId, limit: size + 1 });
  const page = rows.slice(0, size);
  return {
    auctions: await auctionMessages(deps, page),
    nextCursor: rows.length > size ? mineCursors.encode(page[page.length - 1]!.id) : '',
  };
}

/** 'My bids': the auctions the user bid on, newest first, with the user's highest bid on each. */
export async function listMyBids(
  deps: CardsDeps,
  request: { userId: number; page?: { pageSize: number; cursor: string } | null },
): Promise<{ auctions: Auction[]; nextCursor: string }> {
  const size = pageSize(request.page?.pageSize ?? 0);
  const beforeId = bidCursors.decode(request.page?.cursor ?? '');
  const rows = await bidderAuctions(deps.db, request.userId, { beforeId, limit: size + 1 });
  const page = rows.slice(0, size);
  return {
    auctions: await auctionMessages(deps, page),
    nextCursor: rows.length > size ? bidCursors.encode(page[page.length - 1]!.id) : '',
  };
}
