import type { Knex } from 'knex';
import type { CardRow } from '../domain/card';

/** A buy saga's row (docs/design.md#4-cross-service-operations-sagas); its id is the buyer's idempotency key. */
export interface SaleRow {
  id: string;
  buyer_id: number;
  card_id: number;
  listing_id: number | null;
  seller_id: number;
  price: number;
  fee: number;
  state: 'started' | 'completed' | 'failed';
  failure: string | null;
}

export type NewSale = Omit<SaleRow, 'id' | 'state' | 'failure'>;

export interface CardForSale {
  id: number;
  owner_id: number;
  reserved_by: string | null;
  hold_key: string | null;
  current_price: number;
}

export interface OpenListing {
  id: number;
  seller_id: number;
  price: number;
  status: string;
  fee_percent: number;
}

/** What the sale events tell about the card: its player and what the seller paid for it. */
export interface HandedOverCard {
  purchase_price: number;
  player_id: number;
  name: string;
  rarity: string;
  current_price: number;
  /** The card as it is now, the buyer's (a sold card has no open listing). */
  now: CardRow;
}

/** The sale, row-locked until the transaction ends. */
export async function lockSale(trx: Knex.Transaction, id: string): Promise<SaleRow | undefined> {
  return (await trx('sales').where({ id }).forUpdate().first()) as SaleRow | undefined;
}

/** The card, row-locked, with its player's current price: the one lock every buyer of it queues on. */
export async function lockCardForSale(
  trx: Knex.Transaction,
  cardId: number,
): Promise<CardForSale | undefined> {
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .forUpdate('k')
    .first('k.id', 'k.owner_id', 'k.reserved_by', 'k.hold_key', 'p.current_price')) as
    CardForSale | undefined;
}

const SALE_COLUMNS = 'id, buyer_id, card_id, listing_id, seller_id, price, fee, state, failure';

/**
 * Under the card's lock (so read after it, never in the statement that takes it, whose snapshot
 * predates the wait): the sale already made under this key, if any, and the card's listing that is
 * for sale or being paid for, if any (a card has at most one). One statement for both.
 */
export async function saleAndOpenListing(
  trx: Knex.Transaction,
  saleId: string,
  cardId: number,
): Promise<{ twin?: SaleRow; listing?: OpenListing }> {
  const { rows } = (await trx.raw(
    `select (select row_to_json(s) from (select ${SALE_COLUMNS} from sales where id = ?) s) as twin,
            (select row_to_json(l) from (
               select id, seller_id, price, status, fee_percent from listings
                where card_id = ? and status in ('active', 'settling') limit 1) l) as listing`,
    [saleId, cardId],
  )) as { rows: { twin: SaleRow | null; listing: OpenListing | null }[] };
  const { twin, listing } = rows[0]!;
  return { twin: twin ?? undefined, listing: listing ?? undefined };
}

/**
 * Records the started sale and reserves its card for it in one statement: a user listing goes
 * active → settling for this buyer, a market-owned card is marked reserved.
 */
export async function insertSaleReserving(
  trx: Knex.Transaction,
  id: string,
  sale: NewSale,
  now: Date,
): Promise<SaleRow> {
  const reserve = sale.listing_id
    ? trx('listings')
        .where({ id: sale.listing_id })
        .update({ status: 'settling', buyer_id: sale.buyer_id, sale_id: id, updated_at: now })
    : trx('cards').where({ id: sale.card_id }).update({ reserved_by: id });
  const [row] = (await trx
    .with('reserved', reserve)
    .insert({ id, ...sale, state: 'started', created_at: now, updated_at: now })
    .into('sales')
    .returning(SALE_COLUMNS.split(', '))) as SaleRow[];
  return row!;
}

/** Undoes the reservation of a started sale: its listing is for sale again, or its market card free. */
export async function releaseSale(trx: Knex.Transaction, sale: SaleRow, now: Date): Promise<void> {
  if (sale.listing_id) {
    await trx('listings')
      .where({ id: sale.listing_id, status: 'settling', sale_id: sale.id })
      .update({ status: 'active', buyer_id: null, sale_id: null, updated_at: now });
  } else {
    await trx('cards').where({ id: sale.card_id, reserved_by: sale.id }).update({ reserved_by: null });
  }
}

export async function failSale(trx: Knex.Transaction, id: string, failure: string, now: Date): Promise<void> {
  await trx('sales').where({ id }).update({ state: 'failed', failure, updated_at: now });
}

/**
 * The hand-over of a paid sale in one statement: the sale, if still started, marked completed (and
 * so row-locked, before the card), the card given to the buyer, a listing it came from marked sold,
 * and the player's demand moved by `demandDelta`. Undefined, having written nothing, when an earlier
 * hand-over or a failure got there first. Answers the card as it was (what the seller paid for it)
 * with its player, and as it is now: the self-join reads the row from before the update.
 */
export async function completeSale(
  trx: Knex.Transaction,
  id: string,
  now: Date,
  demandDelta: number,
): Promise<{ sale: SaleRow; card: HandedOverCard } | undefined> {
  const { rows } = (await trx.raw(
    `with s as (
       update sales set state = 'completed', updated_at = ?
        where id = ? and state = 'started'
       returning id, buyer_id, card_id, listing_id, seller_id, price, fee, state, failure
     ), k as (
       update cards k
          set owner_id = s.buyer_id, purchase_price = s.price, acquired_at = ?, reserved_by = null
         from s, cards was
         join players p on p.id = was.player_id
        where k.id = s.card_id and was.id = k.id
       returning was.purchase_price as was_purchase_price, was.player_id, p.name, p.rarity,
                 p.current_price, k.edition_number, k.acquired_at, k.origin, k.hold_key
     ), l as (
       update listings set status = 'sold', updated_at = ? from s where listings.id = s.listing_id
     ), d as (
       insert into demand (player_id, delta, at) select k.player_id, ?, ? from k
     )
     select s.*, k.* from s, k`,
    [now, id, now, now, demandDelta, now],
  )) as {
    rows: (SaleRow &
      Omit<HandedOverCard, 'now' | 'purchase_price'> & { was_purchase_price: number } & Pick<
        CardRow,
        'edition_number' | 'acquired_at' | 'origin' | 'hold_key'
      >)[];
  };
  const row = rows[0];
  if (!row) return undefined;
  const sale: SaleRow = {
    id: row.id,
    buyer_id: row.buyer_id,
    card_id: row.card_id,
    listing_id: row.listing_id,
    seller_id: row.seller_id,
    price: row.price,
    fee: row.fee,
    state: row.state,
    failure: row.failure,
  };
  return {
    sale,
    card: {
      purchase_price: row.was_purchase_price,
      player_id: row.player_id,
      name: row.name,
      rarity: row.rarity,
      current_price: row.current_price,
      now: {
        id: sale.card_id,
        player_id: row.player_id,
        edition_number: row.edition_number,
        owner_id: sale.buyer_id,
        acquired_at: row.acquired_at,
        purchase_price: sale.price,
        origin: row.origin,
        hold_key: row.hold_key,
        listing_id: null,
        listing_price: null,
        listing_fee_percent: null,
      },
    },
  };
}

/** Sales still started since before `cutoff`, oldest first: the sweeper's work. */
export async function stuckSales(db: Knex, cutoff: Date, limit: number): Promise<SaleRow[]> {
  return (await db('sales')
    .where({ state: 'started' })
    .where('updated_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)) as SaleRow[];
}
