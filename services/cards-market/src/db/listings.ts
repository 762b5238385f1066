import type { Knex } from 'knex';
import type { CardRow } from '../domain/card';
import { CARD_OWN_COLUMNS } from './queries';

export interface ListingRow {
  id: number;
  card_id: number;
  seller_id: number;
  price: number;
  status: string;
  /** The sale fee rate fixed when the card was listed (docs/design.md#3-money-one-ledger). */
  fee_percent: number;
}

/** The card's own columns, with its player's current price. */
export type CardToList = Omit<CardRow, 'listing_id' | 'listing_price' | 'listing_fee_percent'> & {
  current_price: number;
};

export interface ActiveListing {
  listing_id: number;
  price: number;
  seller_id: number;
  created_at: Date;
  card_id: number;
  player_id: number;
  edition_number: number;
}

export interface MarketSupply {
  card_id: number;
  player_id: number;
  edition_number: number;
}

export interface BannedSellerListing {
  id: number;
  card_id: number;
  player_id: number;
}

export async function listingByKey(db: Knex, idempotencyKey: string): Promise<ListingRow | undefined> {
  return (await db('listings').where({ idempotency_key: idempotencyKey }).first()) as ListingRow | undefined;
}

export async function currentPriceOfCard(db: Knex, cardId: number): Promise<number> {
  const row = (await db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .first('p.current_price')) as { current_price: number };
  return row.current_price;
}

/** The card, row-locked, with its player's current price. */
export async function lockCardToList(trx: Knex.Transaction, cardId: number): Promise<CardToList | undefined> {
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .forUpdate('k')
    .first(...CARD_OWN_COLUMNS, 'p.current_price')) as CardToList | undefined;
}

/**
 * Under the card's lock (read after it, so with a snapshot that sees what the lock waited for): the
 * listing made under this key, if any, and whether the card has a listing for sale or being paid
 * for. One statement for both.
 */
export async function listingOfKeyAndOpen(
  trx: Knex.Transaction,
  idempotencyKey: string,
  cardId: number,
): Promise<{ twin?: ListingRow; listed: boolean }> {
  const { rows } = (await trx.raw(
    `select (select row_to_json(l) from (
               select id, card_id, seller_id, price, status, fee_percent from listings
                where idempotency_key = ?) l) as twin,
            exists (select 1 from listings where card_id = ? and status in ('active', 'settling')) as listed`,
    [idempotencyKey, cardId],
  )) as { rows: { twin: ListingRow | null; listed: boolean }[] };
  const { twin, listed } = rows[0]!;
  return { twin: twin ?? undefined, listed };
}

/** The card's listing that is for sale or being paid for, row-locked. */
export async function lockOpenListing(
  trx: Knex.Transaction,
  cardId: number,
): Promise<ListingRow | undefined> {
  return (await trx('listings')
    .where({ card_id: cardId })
    .whereIn('status', ['active', 'settling'])
    .forUpdate()
    .first()) as ListingRow | undefined;
}

/** A new active listing, and in the same statement the demand row its listing makes. */
export async function insertListing(
  trx: Knex.Transaction,
  listing: {
    cardId: number;
    sellerId: number;
    price: number;
    feePercent: number;
    idempotencyKey: string;
    /** The player's current price as the card is listed ('My listings' shows the move since). */
    marketPrice: number;
  },
  demand: { playerId: number; delta: number },
  now: Date,
): Promise<ListingRow> {
  const { rows } = (await trx.raw(
    `with listed as (
       insert into listings (card_id, seller_id, price, fee_percent, status, idempotency_key, created_at, updated_at,
                             market_price_at_listing)
       values (?, ?, ?, ?, 'active', ?, ?, ?, ?)
       returning *),
     demanded as (insert into demand (player_id, delta, at) select ?, ?, ? from listed)
     select * from listed`,
    [
      listing.cardId,
      listing.sellerId,
      listing.price,
      listing.feePercent,
      listing.idempotencyKey,
      now,
      now,
      listing.marketPrice,
      demand.playerId,
      demand.delta,
      now,
    ],
  )) as { rows: ListingRow[] };
  return rows[0]!;
}

export async function withdrawListingRow(trx: Knex.Transaction, listingId: number, now: Date): Promise<void> {
  await trx('listings').where({ id: listingId }).update({ status: 'withdrawn', updated_at: now });
}

/** Withdraws the listing only while it is still active (a buyer's saga may hold it). */
export async function withdrawIfActive(trx: Knex.Transaction, listingId: number, now: Date): Promise<void> {
  await trx('listings')
    .where({ id: listingId, status: 'active' })
    .update({ status: 'withdrawn', updated_at: now });
}

/** Every listing on sale with its card. */
export async function activeListings(db: Knex): Promise<ActiveListing[]> {
  return (await db('listings as l')
    .join('cards as k', 'k.id', 'l.card_id')
    .where('l.status', 'active')
    .select(
      'l.id as listing_id',
      'l.price',
      'l.seller_id',
      'l.created_at',
      'k.id as card_id',
      'k.player_id',
      'k.edition_number',
    )) as ActiveListing[];
}

/** The lowest free market-owned edition of each player the market still holds. */
export async function marketSupply(db: Knex): Promise<MarketSupply[]> {
  const result = (await db.raw(
    // One probe of the cards_market_supply index per player (migration 018), not a sort of them all.
    `select p.id as player_id, k.id as card_id, k.edition_number from players p
       cross join lateral (
         select id, edition_number from cards
          where player_id = p.id and owner_id = 0 and reserved_by is null and hold_key is null
          order by edition_number limit 1) k
      order by p.id`,
  )) as { rows: MarketSupply[] };
  return result.rows;
}

/** The seller's active listings, row-locked in id order, with each card's player. */
export async function lockActiveListingsOf(
  trx: Knex.Transaction,
  sellerId: number,
): Promise<BannedSellerListing[]> {
  return (await trx('listings as l')
    .join('cards as k', 'k.id', 'l.card_id')
    .where({ 'l.seller_id': sellerId, 'l.status': 'active' })
    .orderBy('l.id')
    .forUpdate('l')
    .select('l.id', 'l.card_id', 'k.player_id')) as BannedSellerListing[];
}

/** An open listing of a seller, as 'My listings' shows it (with its card's own columns). */
export interface OwnListingRow {
  listing_id: number;
  card_id: number;
  price: number;
  fee_percent: number;
  status: 'active' | 'settling';
  created_at: Date;
  market_price_at_listing: number | null;
}

/** The seller's open listings (for sale or being paid for), newest first, below `beforeId` if given. */
export async function ownOpenListings(
  db: Knex,
  sellerId: number,
  page: { beforeId?: number; limit: number },
): Promise<OwnListingRow[]> {
  const query = db('listings')
    .where({ seller_id: sellerId })
    .whereIn('status', ['active', 'settling'])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .select(
      'id as listing_id',
      'card_id',
      'price',
      'fee_percent',
      'status',
      'created_at',
      'market_price_at_listing',
    );
  if (page.beforeId !== undefined) void query.where('id', '<', page.beforeId);
  return ((await query) as OwnListingRow[]).map((row) => ({
    ...row,
    listing_id: Number(row.listing_id),
    card_id: Number(row.card_id),
    price: Number(row.price),
    market_price_at_listing:
      row.market_price_at_listing === null ? null : Number(row.market_price_at_listing),
  }));
}
