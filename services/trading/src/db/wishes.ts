import type { Knex } from 'knex';
import type { TradeWish } from '@touchline/protos/gen/touchline/trading/TradeWish';
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

/** Closes the open wishes on these cards (the card changed owner or was listed), except `keep`. */
export async function closeWishesOnCards(
  trx: Knex.Transaction,
  cardIds: number[],
  status: Exclude<WishStatus, 'open'>,
  reason: string,
  now: Date,
  filter: { exceptUserId?: number; keepWishId?: number } = {},
): Promise<number> {
  if (cardIds.length === 0) return 0;
  const query = trx('trade_wishes').whereIn('card_id', cardIds).where({ status: 'open' });
  if (filter.exceptUserId !== undefined) query.whereNot('user_id', filter.exceptUserId);
  if (filter.keepWishId !== undefined) query.whereNot('id', filter.keepWishId);
  return query.update({ status, status_reason: reason, updated_at: now });
}

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function wishMessage(row: WishRow): TradeWish {
  return {
    id: row.id,
    userId: row.user_id,
    cardId: row.card_id,
    desiredRarity: row.desired_rarity,
    desiredPosition: row.desired_position,
    desiredTeamId: row.desired_team_id,
    minimumCoins: row.minimum_coins,
    notes: row.notes,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    playerId: row.player_id,
    playerName: row.player_name,
    rarity: row.rarity,
    position: row.position,
    teamId: row.team_id,
  };
}
