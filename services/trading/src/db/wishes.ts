import type { Knex } from 'knex';
import type { WishStatus } from '../domain/wish';
import type { Db } from './offers';

export interface WishRow {
  id: number;
  user_id: number;
  card_id: number;
  desired_rarity: string;
  desired_position: string;
  desired_team_id: number;
  minimum_coins: number;
  notes: string;
  status: WishStatus;
  status_reason: string;
  player_id: number;
  player_name: string;
  rarity: string;
  position: string;
  team_id: number;
  value_snapshot: number;
  idempotency_key: string;
  created_at: Date;
  updated_at: Date;
}

export async function findWish(db: Db, id: number, lock = false): Promise<WishRow | undefined> {
  const query = db('trade_wishes').where({ id });
  if (lock) query.forUpdate();
  return (await query.first()) as WishRow | undefined;
}

export async function findWishByKey(db: Db, userId: number, key: string): Promise<WishRow | undefined> {
  return (await db('trade_wishes').where({ user_id: userId, idempotency_key: key }).first()) as
    WishRow | undefined;
}

/**
 * The statement, not yet sent, that closes the open wishes on these cards (the card changed owner or
 * was listed), except the user's or the wish the filter keeps; it can run alongside another
 * (openOffersWithCards).
 */
export function wishesClosing(
  trx: Knex.Transaction,
  cardIds: number[],
  status: Exclude<WishStatus, 'open'>,
  reason: string,
  now: Date,
  filter: { keepOwners?: Map<number, number>; keepWishId?: number } = {},
): Knex.QueryBuilder {
  const query = trx('trade_wishes').whereIn('card_id', cardIds).where({ status: 'open' });
  // A card's new owner's own wish on it stays open (card id → owner).
  const keep = filter.keepOwners;
  if (keep?.size)
    query.whereNot((own) => {
      for (const [cardId, userId] of keep) own.orWhere({ card_id: cardId, user_id: userId });
    });
  if (filter.keepWishId !== undefined) query.whereNot('id', filter.keepWishId);
  return query.update({ status, status_reason: reason, updated_at: now });
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface WishFilter {
  search: string;
  rarity: string;
  position: string;
  teamId: number;
  ownerUserId: number;
}

/** The newest open wishes matching the filter (on the snapshot taken when each was posted). */
export async function openWishes(db: Db, filter: WishFilter, limit: number): Promise<WishRow[]> {
  const query = db('trade_wishes')
    .where({ status: 'open' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  if (filter.search) query.whereILike('player_name', likePattern(filter.search));
  if (filter.rarity) query.where('rarity', filter.rarity);
  if (filter.position) query.where('position', filter.position);
  if (filter.teamId) query.where('team_id', filter.teamId);
  if (filter.ownerUserId) query.where('user_id', filter.ownerUserId);
  return (await query) as WishRow[];
}

export async function openWishOnCard(trx: Knex.Transaction, cardId: number): Promise<WishRow | undefined> {
  return (await trx('trade_wishes').where({ card_id: cardId, status: 'open' }).first()) as
    WishRow | undefined;
}

export type NewWish = Omit<WishRow, 'id' | 'status' | 'status_reason' | 'created_at' | 'updated_at'>;

export async function insertWish(trx: Knex.Transaction, wish: NewWish, now: Date): Promise<WishRow> {
  const [row] = (await trx('trade_wishes')
    .insert({ ...wish, status: 'open', created_at: now, updated_at: now })
    .returning('*')) as WishRow[];
  return row!;
}

export async function setWishStatus(
  trx: Knex.Transaction,
  id: number,
  status: WishStatus,
  now: Date,
): Promise<WishRow> {
  const [row] = (await trx('trade_wishes')
    .where({ id })
    .update({ status, updated_at: now })
    .returning('*')) as WishRow[];
  return row!;
}

/** The wish an accepted offer answered is fulfilled, if it is still open. */
export async function fulfilWish(trx: Knex.Transaction, id: number, now: Date): Promise<void> {
  await trx('trade_wishes')
    .where({ id, status: 'open' })
    .update({ status: 'fulfilled', status_reason: '', updated_at: now });
}

/** Voids the user's open wishes with the reason. */
export async function voidWishesOfUser(trx: Knex.Transaction, userId: number, reason: string, now: Date) {
  await trx('trade_wishes')
    .where({ user_id: userId, status: 'open' })
    .update({ status: 'voided', status_reason: reason, updated_at: now });
}
