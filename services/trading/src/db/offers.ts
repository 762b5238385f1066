import type { Knex } from 'knex';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { afterTradeFee } from '../domain/fee';
import {
  OPEN_STATUSES,
  visibleStatus,
  type OfferStatus,
  type OfferTerms,
  type VoidReason,
} from '../domain/offer';

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
}

interface OfferCardRow {
  offer_id: number;
  card_id: number;
  side: 'offered' | 'requested';
  owner_user_id: number;
  position: number;
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

/** Attaches each offer's cards (one query for all of them). */
export async function withCards(db: Db, rows: OfferRow[]): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const cards = (await db('trade_offer_cards')
    .whereIn(
      'offer_id',
      rows.map((r) => r.id),
    )
    .orderBy(['offer_id', 'position'])) as OfferCardRow[];
  return rows.map((row) => {
    const own = cards.filter((c) => c.offer_id === row.id);
    return {
      ...row,
      offeredCardIds: own.filter((c) => c.side === 'offered').map((c) => c.card_id),
      requestedCardIds: own.filter((c) => c.side === 'requested').map((c) => c.card_id),
    };
  });
}

export async function findOffer(db: Db, id: number, lock = false): Promise<Offer | undefined> {
  const query = db('trade_offers').where({ id });
  if (lock) query.forUpdate();
  const row = (await query.first()) as OfferRow | undefined;
  return row ? (await withCards(db, [row]))[0] : undefined;
}

export async function findOfferByKey(db: Db, fromUserId: number, key: string): Promise<Offer | undefined> {
  const row = (await db('trade_offers').where({ from_user_id: fromUserId, idempotency_key: key }).first()) as
    OfferRow | undefined;
  return row ? (await withCards(db, [row]))[0] : undefined;
}

/** Inserts the offer and its cards; undefined when another request with the same key got there first. */
export async function insertOffer(
  trx: Knex.Transaction,
  terms: OfferTerms,
  extra: { note: string; wishId: number | null; key: string; now: Date; expiresAt: Date },
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
): Promise<(OfferRow & { card_id: number; owner_user_id: number })[]> {
  if (cardIds.length === 0) return [];
  return (await trx('trade_offers as o')
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

/** The proto message; `now` decides whether a pending offer has lapsed. */
export function offerMessage(offer: Offer, now: Date): TradeOffer {
  return {
    id: offer.id,
    fromUserId: offer.from_user_id,
    toUserId: offer.to_user_id,
    offeredCardIds: offer.offeredCardIds,
    offeredCoins: offer.offered_coins,
    offeredCoinsAfterFee: afterTradeFee(offer.offered_coins),
    requestedCardIds: offer.requestedCardIds,
    requestedCoins: offer.requested_coins,
    requestedCoinsAfterFee: afterTradeFee(offer.requested_coins),
    status: visibleStatus(offer.status, offer.expires_at, now),
    statusReason: offer.status_reason,
    note: offer.note,
    wishId: offer.wish_id ?? 0,
    createdAt: offer.created_at.toISOString(),
    updatedAt: offer.updated_at.toISOString(),
    expiresAt: offer.expires_at.toISOString(),
  };
}
