import {
  api,
  PAGE_LIMIT_DEFAULT,
  type Auction,
  type AuctionBid,
  type AuctionDetail,
} from '@touchline/contract';
import type { Auction__Output } from '@touchline/protos/gen/touchline/cards_market/Auction';
import type { AuctionBid__Output } from '@touchline/protos/gen/touchline/cards_market/AuctionBid';
import type { Clients } from '../clients';
import { playerJson } from '../compose/cards';
import { usernamesOf } from '../compose/usernames';
import { ContractRouter } from '../http/contract-router';

/** A bid waits on its saga (the wallet's hold, the auction's lock, the beaten hold's release). */
const BID_TIMEOUT_MS = 15_000;

/** How a user is named: their username, or 'User #id' where the account no longer exists. */
const nameOf = (usernames: Map<number, string>, id: number) => usernames.get(id) ?? `User #${id}`;

function auctionJson(a: Auction__Output, usernames: Map<number, string>): Auction {
  return {
    id: a.id,
    cardId: a.cardId,
    player: playerJson(a.player!),
    editionNumber: a.editionNumber,
    maxEditions: a.maxEditions,
    sellerId: a.sellerUserId,
    sellerUsername: nameOf(usernames, a.sellerUserId),
    startPrice: a.startPrice,
    buyNowPrice: a.buyNowPrice || null,
    feePercent: a.feePercent,
    duration: a.duration as Auction['duration'],
    startedAt: a.startedAt,
    endsAt: a.endsAt,
    status: a.status as Auction['status'],
    currentBid: a.currentBid || null,
    currentBidderId: a.currentBidderUserId || null,
    bidCount: a.bidCount,
    minNextBid: a.minNextBid || null,
    winnerId: a.winnerUserId || null,
    finalPrice: a.finalPrice || null,
    settledAt: a.settledAt || null,
    ...(a.myHighestBid ? { myHighestBid: a.myHighestBid } : {}),
  };
}

function bidJson(b: AuctionBid__Output, usernames: Map<number, string>): AuctionBid {
  return {
    id: b.id,
    bidderId: b.bidderUserId,
    bidderUsername: nameOf(usernames, b.bidderUserId),
    amount: b.amount,
    status: b.status as AuctionBid['status'],
    buyNow: b.buyNow,
    placedAt: b.placedAt,
  };
}

/** Auctions with their sellers' and bidders' usernames, in one call to identity. */
async function named(clients: Clients, auctions: Auction__Output[]) {
  const ids = auctions.flatMap((a) => [
    a.sellerUserId,
    a.currentBidderUserId,
    ...a.bids.map((b) => b.bidderUserId),
  ]);
  return usernamesOf(clients, ids);
}

async function detailJson(clients: Clients, a: Auction__Output): Promise<AuctionDetail> {
  const usernames = await named(clients, [a]);
  return { ...auctionJson(a, usernames), bids: a.bids.map((b) => bidJson(b, usernames)) };
}

async function pageJson(clients: Clients, page: { auctions: Auction__Output[]; nextCursor: string }) {
  const usernames = await named(clients, page.auctions);
  return { items: page.auctions.map((a) => auctionJson(a, usernames)), nextCursor: page.nextCursor || null };
}

const pageOf = (query: { cursor?: string; limit?: number }) => ({
  pageSize: query.limit ?? PAGE_LIMIT_DEFAULT,
  cursor: query.cursor ?? '',
});

/** Auctions (docs/features.md, "Auctions"), kept by cards-market (docs/decisions/0016-auctions-in-cards-market.md). */
export function auctionRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.auctions.list, async ({ query }) => {
      const page = await cardsMarket.ListAuctions({
        rarity: query.rarity,
        teamId: query.teamId,
        page: pageOf(query),
      });
      return { status: 200, body: await pageJson(clients, page) };
    })
    .add(api.auctions.mine, async ({ userId, query }) => {
      const page = await cardsMarket.ListMyAuctions({ userId, page: pageOf(query) });
      return { status: 200, body: await pageJson(clients, page) };
    })
    .add(api.auctions.bids, async ({ userId, query }) => {
      const page = await cardsMarket.ListMyBids({ userId, page: pageOf(query) });
      return { status: 200, body: await pageJson(clients, page) };
    })
    .add(api.auctions.get, async ({ params }) => {
      const { auction } = await cardsMarket.GetAuction({ auctionId: params.id });
      return { status: 200, body: await detailJson(clients, auction!) };
    })
    .add(api.auctions.start, async ({ userId, body, idempotencyKey }) => {
      const { auction } = await cardsMarket.StartAuction({
        userId,
        cardId: body.cardId,
        startPrice: body.startPrice,
        buyNowPrice: body.buyNowPrice ?? 0,
        duration: body.duration,
        idempotencyKey,
      });
      return { status: 201, body: await detailJson(clients, auction!) };
    })
    .add(api.auctions.bid, async ({ userId, params, body, idempotencyKey }) => {
      const result = await cardsMarket.PlaceBid(
        { userId, auctionId: params.id, amount: body.amount, idempotencyKey },
        { timeoutMs: BID_TIMEOUT_MS },
      );
      const usernames = await named(clients, [result.auction!]);
      const bidder = await usernamesOf(clients, [userId]);
      return {
        status: 201,
        body: {
          auction: auctionJson(result.auction!, usernames),
          bid: bidJson(result.bid!, bidder),
          remainingCoins: result.remainingCoins,
        },
      };
    })
    .add(api.auctions.buyNow, async ({ userId, params, body, idempotencyKey }) => {
      const result = await cardsMarket.BuyNowAuction(
        { userId, auctionId: params.id, idempotencyKey, expectedPrice: body.expectedPrice ?? 0 },
        { timeoutMs: BID_TIMEOUT_MS },
      );
      const usernames = await named(clients, [result.auction!]);
      const bidder = await usernamesOf(clients, [userId]);
      return {
        status: 200,
        body: {
          auction: auctionJson(result.auction!, usernames),
          bid: bidJson(result.bid!, bidder),
          remainingCoins: result.remainingCoins,
        },
      };
    }).router;
}
