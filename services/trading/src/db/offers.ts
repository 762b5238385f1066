import type { Knex } from 'knex';
import { OPEN_STATUSES, type OfferStatus, type OfferTerms, type VoidReason } from '../domain/offer';

export interface OfferRow {
  id: number;
  from_user_id: number;
  to_user_id: number;
  offered_coins: number;
  requested_coins: number;
  status: OfferStatus;
  status_reason: string;
  pending_void: VoidReason | null;
  note: string;
  wish_id: number | null;
  idempotency_key: string;
  attempt: number;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  /** The offer this one counters; null for a first offer. */
  counter_of: number | null;
  /** The first offer of the negotiation; null on that first offer itself. */
  thread_id: number | null;
  thread_step: number;
}

/** An offer row with its cards in the order they were offered. */
export interface Offer extends OfferRow {
  offeredCardIds: number[];
  requestedCardIds: number[];
}

export type Db = Knex | Knex.Transaction;

export function termsOf(offer: Offer): OfferTerms {
  return {
    fromUserId: offer.from_user_id,
    toUserId: offer.to_user_id,
    offeredCardIds: offer.offeredCardIds,
    offeredCoins: offer.offered_coins,
    requestedCardIds: offer.requestedCardIds,
    requestedCoins: offer.requested_coins,
  };
}

/** The ids of one side of the offer `o`, in the order offered (a select-list expression). */
const sideIds = (db: Db, side: 'offered' | 'requested', as: string) =>
  db.raw(
    `array(select c.card_id from trade_offer_cards c where c.offer_id = o.id and c.side = ? order by c.position) as ??`,
    [side, as],
  );

/** An offer row read with its cards' ids (withCardIds). */
type OfferWithIdsRow = OfferRow & { offered_ids: unknown[]; requested_ids: unknown[] };

/** The offers of `o` with each side's card ids, in one statement: o.* and the two arrays. */
const withCardIds = (db: Db, query: Knex.QueryBuilder) =>
  query.select('o.*', sideIds(db, 'offered', 'offered_ids'), sideIds(db, 'requested', 'requested_ids'));

function fromRowWithIds({ offered_ids, requested_ids, ...offer }: OfferWithIdsRow): Offer {
  return { ...offer, offeredCardIds: offered_ids.map(Number), requestedCardIds: requested_ids.map(Number) };
}

/** The offers `query` (on `trade_offers as o`) finds, each with its cards. */
async function offersWithCards(db: Db, query: Knex.QueryBuilder): Promise<Offer[]> {
  return ((await withCardIds(db, query)) as OfferWithIdsRow[]).map(fromRowWithIds);
}

/**
 * The offer with its cards in one statement (its row locked FOR UPDATE when `lock`; the cards are
 * read, not locked: they never change). With `acceptKey`, also the id of the accept saga under that
 * key, if any (the accept's first read and its locked read each need both).
 */
export async function findOffer(
  db: Db,
  id: number,
  lock = false,
  acceptKey?: string,
): Promise<(Offer & { keySagaId?: string | null }) | undefined> {
  const query = withCardIds(db, db('trade_offers as o').where('o.id', id));
  if (acceptKey !== undefined)
    query.select(
      db.raw(`(select s.id from trade_sagas s where s.offer_id = o.id and s.accept_key = ?) as key_saga_id`, [
        acceptKey,
      ]),
    );
  if (lock) query.forUpdate('o');
  const row = (await query.first()) as (OfferWithIdsRow & { key_saga_id?: string | null }) | undefined;
  if (!row) return undefined;
  const { key_saga_id, ...offer } = row;
  return {
    ...fromRowWithIds(offer),
    ...(acceptKey !== undefined ? { keySagaId: key_saga_id ?? null } : {}),
  };
}

export async function findOfferByKey(db: Db, fromUserId: number, key: string): Promise<Offer | undefined> {
  const [offer] = await offersWithCards(
    db,
    db('trade_offers as o').where({ 'o.from_user_id': fromUserId, 'o.idempotency_key': key }).limit(1),
  );
  return offer;
}

/** Inserts the offer and its cards; undefined when another request with the same key got there first. */
export async function insertOffer(
  trx: Knex.Transaction,
  terms: OfferTerms,
  extra: {
    note: string;
    wishId: number | null;
    key: string;
    now: Date;
    expiresAt: Date;
    counter?: { of: number; threadId: number; step: number };
  },
): Promise<Offer | undefined> {
  const [row] = (await trx('trade_offers')
    .insert({
      from_user_id: terms.fromUserId,
      to_user_id: terms.toUserId,
      offered_coins: terms.offeredCoins,
      requested_coins: terms.requestedCoins,
      status: 'pending',
      note: extra.note,
      wish_id: extra.wishId,
      idempotency_key: extra.key,
      created_at: extra.now,
      updated_at: extra.now,
      expires_at: extra.expiresAt,
      counter_of: extra.counter?.of ?? null,
      thread_id: extra.counter?.threadId ?? null,
      thread_step: extra.counter?.step ?? 0,
    })
    .onConflict(['from_user_id', 'idempotency_key'])
    .ignore()
    .returning('*')) as OfferRow[];
  if (!row) return undefined;
  const cards = [
    ...terms.offeredCardIds.map((card_id, position) => ({
      offer_id: row.id,
      card_id,
      side: 'offered',
      owner_user_id: terms.fromUserId,
      position,
    })),
    ...terms.requestedCardIds.map((card_id, position) => ({
      offer_id: row.id,
      card_id,
      side: 'requested',
      owner_user_id: terms.toUserId,
      position,
    })),
  ];
  if (cards.length > 0) await trx('trade_offer_cards').insert(cards);
  return { ...row, offeredCardIds: terms.offeredCardIds, requestedCardIds: terms.requestedCardIds };
}

/** setOfferStatus that also answers the row as it is now (the UPDATE locks it). */
export async function updateOffer(
  trx: Knex.Transaction,
  id: number,
  changes: Partial<Pick<OfferRow, 'status' | 'status_reason' | 'pending_void' | 'attempt'>>,
  now: Date,
): Promise<OfferRow | undefined> {
  const [row] = (await trx('trade_offers')
    .where({ id })
    .update({ ...changes, updated_at: now })
    .returning('*')) as OfferRow[];
  return row;
}

export async function setOfferStatus(
  trx: Knex.Transaction,
  id: number,
  changes: Partial<Pick<OfferRow, 'status' | 'status_reason' | 'pending_void' | 'attempt'>>,
  now: Date,
): Promise<void> {
  await trx('trade_offers')
    .where({ id })
    .update({ ...changes, updated_at: now });
}

/** Open offers (pending or being accepted) that include any of the cards, locked. */
export async function openOffersWithCards(
  trx: Knex.Transaction,
  cardIds: number[],
  /**
   * A data-modifying statement sent in the same round trip (as a WITH clause). Postgres does not
   * promise an order between it and the locking read (it runs an unreferenced one after the main
   * query); it must touch other rows than the offers, and a deadlock from another order is retried
   * with the transaction.
   */
  alongside?: Knex.QueryBuilder,
): Promise<(OfferRow & { card_id: number; owner_user_id: number })[]> {
  if (cardIds.length === 0) return [];
  const offers = trx('trade_offers as o');
  if (alongside) offers.with('alongside', alongside);
  return (await offers
    .join('trade_offer_cards as c', 'c.offer_id', 'o.id')
    .whereIn('c.card_id', cardIds)
    .whereIn('o.status', OPEN_STATUSES)
    .orderBy('o.id')
    .forUpdate('o')
    .select('o.*', 'c.card_id', 'c.owner_user_id')) as (OfferRow & {
    card_id: number;
    owner_user_id: number;
  })[];
}

export type OfferListStatus = 'pending' | 'expired' | 'all' | OfferStatus;

/**
 * A user's offers one way (`party` is the column naming them), newest first, with their cards, in
 * one statement. "pending" means open and not lapsed; "expired" also counts pending offers past
 * their expiry.
 */
export async function offersOf(
  db: Db,
  party: 'to_user_id' | 'from_user_id',
  userId: number,
  status: string,
  now: Date,
  limit: number,
): Promise<Offer[]> {
  const query = db('trade_offers as o')
    .where(`o.${party}`, userId)
    .orderBy([
      { column: 'o.created_at', order: 'desc' },
      { column: 'o.id', order: 'desc' },
    ])
    .limit(limit);
  if (status === 'pending') query.whereIn('o.status', OPEN_STATUSES).where('o.expires_at', '>', now);
  else if (status === 'expired')
    query.where((q) =>
      q
        .where('o.status', 'expired')
        .orWhere((p) => p.where('o.status', 'pending').where('o.expires_at', '<=', now)),
    );
  else if (status !== 'all') query.where('o.status', status);
  return offersWithCards(db, query);
}

/** Open, unexpired offers to the user. */
export async function countOpenOffersTo(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = (await db('trade_offers')
    .where('to_user_id', userId)
    .whereIn('status', OPEN_STATUSES)
    .where('expires_at', '>', now)
    .count({ n: '*' })) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

/** The user's open offers, both ways, locked in id order. */
export async function lockOpenOffersOfUser(trx: Knex.Transaction, userId: number): Promise<OfferRow[]> {
  return (await trx('trade_offers')
    .whereIn('status', OPEN_STATUSES)
    .where((q) => q.where('from_user_id', userId).orWhere('to_user_id', userId))
    .orderBy('id')
    .forUpdate()) as OfferRow[];
}

/** Pending offers past their expiry, locked in id order. */
export async function lockLapsedOffers(trx: Knex.Transaction, now: Date, limit: number): Promise<OfferRow[]> {
  return (await trx('trade_offers')
    .where({ status: 'pending' })
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .forUpdate()) as OfferRow[];
}

/** Every offer of a negotiation (its first offer's id), oldest first. */
export async function offersOfThread(db: Db, threadId: number): Promise<Offer[]> {
  const query = db('trade_offers as o')
    .where('o.id', threadId)
    .orWhere('o.thread_id', threadId)
    .orderBy('o.thread_step');
  return offersWithCards(db, query);
}
