import { defineRoute } from './route';
import {
  AuctionDetail,
  AuctionsPage,
  AuctionsQuery,
  BidBody,
  BidResult,
  BuyNowBody,
  OwnAuctionsQuery,
  StartAuctionBody,
} from './schemas/auctions';
import { ErrorBody, IdParams, PendingBody } from './schemas/common';

const error = ErrorBody;

/** Auctions (docs/features.md, "Auctions"): the live list, one auction, the user's own and bids. */
export const auctions = {
  list: defineRoute({
    method: 'get',
    path: '/api/auctions',
    summary: 'Open auctions, ending soonest first; filters rarity and team; a page at a time',
    auth: 'session',
    query: AuctionsQuery,
    responses: { 200: AuctionsPage },
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/auctions/mine',
    summary: "The user's own auctions, every status, newest first, a page at a time",
    auth: 'session',
    query: OwnAuctionsQuery,
    responses: { 200: AuctionsPage },
  }),
  bids: defineRoute({
    method: 'get',
    path: '/api/auctions/bids',
    summary: 'The auctions the user bid on, newest first, with their highest bid, a page at a time',
    auth: 'session',
    query: OwnAuctionsQuery,
    responses: { 200: AuctionsPage },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/auctions/:id',
    summary: 'One auction with its bid history, newest bid first',
    auth: 'session',
    params: IdParams,
    responses: { 200: AuctionDetail, 404: error },
  }),
  start: defineRoute({
    method: 'post',
    path: '/api/auctions',
    summary:
      'Put an own card up for auction (1h, 6h, 24h or 3d); 409 when it is listed, in a pending trade or at auction',
    auth: 'session',
    body: StartAuctionBody,
    idempotent: true,
    responses: { 201: AuctionDetail, 403: error, 404: error, 409: error, 422: error },
  }),
  bid: defineRoute({
    method: 'post',
    path: '/api/auctions/:id/bids',
    summary:
      'Bid: at least the start price, then 5% (at least 1 coin) over the current bid; the coins are held',
    auth: 'session',
    params: IdParams,
    body: BidBody,
    idempotent: true,
    responses: { 201: BidResult, 202: PendingBody, 403: error, 404: error, 409: error, 422: error },
  }),
  buyNow: defineRoute({
    method: 'post',
    path: '/api/auctions/:id/buy-now',
    summary: 'Buy at the buy-now price: the auction ends and settles at once',
    auth: 'session',
    params: IdParams,
    body: BuyNowBody,
    idempotent: true,
    responses: { 200: BidResult, 202: PendingBody, 403: error, 404: error, 409: error, 422: error },
  }),
} as const;
