import type { Knex } from 'knex';

/** An auction's row (docs/design.md#5-cards-and-the-market). */
export interface AuctionRow {
  id: number;
  idempotency_key: string;
  card_id: number;
  seller_id: number;
  player_id: number;
  start_price: number;
  buy_now_price: number | null;
  fee_percent: number;
  duration: string;
  status: 'open' | 'settling' | 'sold' | 'unsold' | 'withdrawn';
  ends_at: Date;
  current_bid: number | null;
  current_bid_id: number | null;
  current_bidder_id: number | null;
  bid_count: number;
  buy_now: boolean;
  winner_id: number | null;
  final_price: number | null;
  fee: number | null;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An auction with its card's edition, as the answers show it. */
export type AuctionView = AuctionRow & { edition_number: number; my_highest_bid?: number };

export type BidStatus = 'pending' | 'leading' | 'outbid' | 'won' | 'refused' | 'withdrawn';
/** Where the bid's wallet hold stands: 'taking' until the wallet answered, 'releasing' until voided. */
export type BidHold = 'taking' | 'none' | 'held' | 'releasing' | 'released' | 'committed';

export interface BidRow {
  id: number;
  auction_id: number;
  bidder_id: number;
  idempotency_key: string;
  amount: number;
  fee: number;
  buy_now: boolean;
  status: BidStatus;
  hold: BidHold;
  failure: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The card to put up, row-locked, with its player's current price. */
export interface CardToAuction {
  id: number;
  owner_id: number;
  player_id: number;
  hold_key: string | null;
  reserved_by: string | null;
  current_price: number;
}

/** The hold key an auction puts on its card: trades, listings and other auctions see it taken. */
export const auctionCardKey = (auctionId: number) => `auction:${auctionId}`;

export async function lockCardToAuction(
  trx: Knex.Transaction,
  cardId: number,
): Promise<CardToAuction | undefined> {
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .forUpdate('k')
    .first('k.id', 'k.owner_id', 'k.player_id', 'k.hold_key', 'k.reserved_by', 'p.current_price')) as
    CardToAuction | undefined;
}

export async function auctionOfKey(
  trx: Knex.Transaction,
  sellerId: number,
  key: string,
): Promise<AuctionRow | undefined> {
  return (await trx('auctions').where({ seller_id: sellerId, idempotency_key: key }).first()) as
    AuctionRow | undefined;
}

export type NewAuction = Pick<
  AuctionRow,
  | 'idempotency_key'
  | 'card_id'
  | 'seller_id'
  | 'player_id'
  | 'start_price'
  | 'buy_now_price'
  | 'fee_percent'
  | 'duration'
  | 'ends_at'
>;

/** Inserts the open auction and puts its key on the card, in the caller's transaction. */
export async function insertAuction(
  trx: Knex.Transaction,
  auction: NewAuction,
  now: Date,
): Promise<AuctionRow> {
  const [row] = (await trx('auctions')
    .insert({ ...auction, status: 'open', created_at: now, updated_at: now })
    .returning('*')) as AuctionRow[];
  await trx('cards')
    .where({ id: auction.card_id })
    .update({ hold_key: auctionCardKey(row!.id) });
  return row!;
}

export async function lockAuction(trx: Knex.Transaction, id: number): Promise<AuctionRow | undefined> {
  return (await trx('auctions').where({ id }).forUpdate().first()) as AuctionRow | undefined;
}

export async function updateAuction(
  trx: Knex.Transaction,
  id: number,
  changes: Partial<AuctionRow>,
): Promise<AuctionRow> {
  const [row] = (await trx('auctions').where({ id }).update(changes).returning('*')) as AuctionRow[];
  return row!;
}

const VIEW_COLUMNS = ['a.*', 'k.edition_number'];

function auctionsWithCard(db: Knex) {
  return db('auctions as a').join('cards as k', 'k.id', 'a.card_id').select(VIEW_COLUMNS);
}

export async function auctionView(db: Knex, id: number): Promise<AuctionView | undefined> {
  return (await auctionsWithCard(db).where('a.id', id).first()) as AuctionView | undefined;
}

export async function auctionViews(db: Knex, ids: number[]): Promise<AuctionView[]> {
  if (ids.length === 0) return [];
  return (await auctionsWithCard(db).whereIn('a.id', ids)) as AuctionView[];
}

/** Open auctions, ending soonest first (ties by id), after a position; filtered by rarity and team. */
export async function openAuctions(
  db: Knex,
  filter: { rarity?: string; teamId?: number; after?: { endsAt: Date; id: number }; limit: number },
): Promise<AuctionView[]> {
  const query = auctionsWithCard(db)
    .join('players as p', 'p.id', 'a.player_id')
    .where('a.status', 'open')
    .orderBy([
      { column: 'a.ends_at', order: 'asc' },
      { column: 'a.id', order: 'asc' },
    ])
    .limit(filter.limit);
  if (filter.rarity) query.where('p.rarity', filter.rarity);
  if (filter.teamId) query.where('p.team_id', filter.teamId);
  if (filter.after) {
    const { endsAt, id } = filter.after;
    query.where((w) =>
      w.where('a.ends_at', '>', endsAt).orWhere((x) => x.where('a.ends_at', endsAt).where('a.id', '>', id)),
    );
  }
  return (await query) as AuctionView[];
}

/** A seller's auctions, every status, newest first. */
export async function sellerAuctions(
  db: Knex,
  sellerId: number,
  page: { beforeId?: number; limit: number },
): Promise<AuctionView[]> {
  const query = auctionsWithCard(db).where('a.seller_id', sellerId).orderBy('a.id', 'desc').limit(page.limit);
  if (page.beforeId) query.where('a.id', '<', page.beforeId);
  return (await query) as AuctionView[];
}

/** The auctions a user bid on, newest first, with the user's highest bid on each. */
export async function bidderAuctions(
  db: Knex,
  bidderId: number,
  page: { beforeId?: number; limit: number },
): Promise<AuctionView[]> {
  const mine = db('auction_bids')
    .where({ bidder_id: bidderId })
    .whereNot('status', 'refused')
    .groupBy('auction_id')
    .select('auction_id', db.raw('max(amount)::bigint as my_highest_bid'));
  const query = db('auctions as a')
    .join('cards as k', 'k.id', 'a.card_id')
    .join(mine.as('m'), 'm.auction_id', 'a.id')
    .select([...VIEW_COLUMNS, 'm.my_highest_bid'])
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.beforeId) query.where('a.id', '<', page.beforeId);
  return (await query) as AuctionView[];
}

/** An auction's bids, newest first (refused ones are not part of its history). */
export async function bidsOf(db: Knex, auctionId: number, limit: number): Promise<BidRow[]> {
  return (await db('auction_bids')
    .where({ auction_id: auctionId })
    .whereNot('status', 'refused')
    .orderBy('id', 'desc')
    .limit(limit)) as BidRow[];
}

export async function bidOfKey(
  trx: Knex.Transaction,
  bidderId: number,
  key: string,
): Promise<BidRow | undefined> {
  return (await trx('auction_bids').where({ bidder_id: bidderId, idempotency_key: key }).first()) as
    BidRow | undefined;
}

export async function bidById(db: Knex, id: number): Promise<BidRow | undefined> {
  return (await db('auction_bids').where({ id }).first()) as BidRow | undefined;
}

export type NewBid = Pick<
  BidRow,
  'auction_id' | 'bidder_id' | 'idempotency_key' | 'amount' | 'fee' | 'buy_now'
>;

export async function insertPendingBid(trx: Knex.Transaction, bid: NewBid, now: Date): Promise<BidRow> {
  const [row] = (await trx('auction_bids')
    .insert({ ...bid, status: 'pending', hold: 'taking', created_at: now, updated_at: now })
    .returning('*')) as BidRow[];
  return row!;
}

export async function lockBid(trx: Knex.Transaction, id: number): Promise<BidRow | undefined> {
  return (await trx('auction_bids').where({ id }).forUpdate().first()) as BidRow | undefined;
}

export async function updateBid(
  trx: Knex.Transaction,
  id: number,
  changes: Partial<Pick<BidRow, 'status' | 'hold' | 'failure' | 'updated_at'>>,
): Promise<BidRow> {
  const [row] = (await trx('auction_bids').where({ id }).update(changes).returning('*')) as BidRow[];
  return row!;
}

/** Marks a hold released once the wallet voided it (only a hold still to release). */
export async function markReleased(db: Knex, id: number, now: Date): Promise<void> {
  await db('auction_bids').where({ id, hold: 'releasing' }).update({ hold: 'released', updated_at: now });
}

/** Auctions whose end has come (open) or whose settlement a crash may have left (settling). */
export async function dueAuctions(db: Knex, now: Date, limit: number): Promise<AuctionRow[]> {
  return (await db('auctions')
    .where((w) => w.where('status', 'open').where('ends_at', '<=', now))
    .orWhere('status', 'settling')
    .orderBy('ends_at')
    .limit(limit)) as AuctionRow[];
}

/** When the open auction that ends next ends, if one is open and ends after `now`. */
export async function nextAuctionEnd(db: Knex, now: Date): Promise<Date | undefined> {
  const row = (await db('auctions')
    .where('status', 'open')
    .andWhere('ends_at', '>', now)
    .min({ at: 'ends_at' })
    .first()) as { at: Date | string | null } | undefined;
  return row?.at ? new Date(row.at) : undefined;
}

/** Bids whose hold must be voided, and bids whose hold the wallet never confirmed since before `cutoff`. */
export async function unfinishedBids(db: Knex, cutoff: Date, limit: number): Promise<BidRow[]> {
  return (await db('auction_bids')
    .where('hold', 'releasing')
    .orWhere((w) => w.where('hold', 'taking').where('updated_at', '<', cutoff))
    .orderBy('updated_at')
    .limit(limit)) as BidRow[];
}

/** The bids of a user still leading or being held, with their auctions locked first (the one lock order). */
export async function liveBidsOf(trx: Knex.Transaction, bidderId: number): Promise<BidRow[]> {
  return (await trx('auction_bids')
    .where({ bidder_id: bidderId })
    .whereIn('status', ['leading', 'pending'])
    .orderBy('auction_id')) as BidRow[];
}

export async function lockOpenAuctionsOf(trx: Knex.Transaction, sellerId: number): Promise<AuctionRow[]> {
  return (await trx('auctions')
    .where({ seller_id: sellerId, status: 'open' })
    .orderBy('id')
    .forUpdate()) as AuctionRow[];
}

/** What the sale events tell about the card: its player and what the seller paid for it. */
export interface AuctionedCard {
  player_id: number;
  name: string;
  rarity: string;
  current_price: number;
  was_purchase_price: number;
}

/** The card goes to the winner at the price paid, free of the auction's key; what it was before. */
export async function giveAuctionedCard(
  trx: Knex.Transaction,
  auction: AuctionRow,
  winnerId: number,
  price: number,
  now: Date,
): Promise<AuctionedCard> {
  const { rows } = (await trx.raw(
    `update cards k set owner_id = ?, purchase_price = ?, acquired_at = ?, hold_key = null
       from cards was join players p on p.id = was.player_id
      where k.id = ? and was.id = k.id and k.hold_key = ?
     returning was.purchase_price as was_purchase_price, was.player_id, p.name, p.rarity, p.current_price`,
    [winnerId, price, now, auction.card_id, auctionCardKey(auction.id)],
  )) as { rows: AuctionedCard[] };
  return rows[0]!;
}

/** The card is its seller's again, free to sell, trade or auction. */
export async function releaseAuctionedCard(trx: Knex.Transaction, auction: AuctionRow): Promise<void> {
  await trx('cards')
    .where({ id: auction.card_id, hold_key: auctionCardKey(auction.id) })
    .update({ hold_key: null });
}

export interface PlayerFacts {
  name: string;
  rarity: string;
  current_price: number;
}

export async function playerFacts(trx: Knex.Transaction, playerId: number): Promise<PlayerFacts> {
  return (await trx('players')
    .where({ id: playerId })
    .first('name', 'rarity', 'current_price')) as PlayerFacts;
}
