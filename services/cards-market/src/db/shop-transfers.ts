import { MARKET_USER_ID } from '@touchline/rules';
import type { Knex } from 'knex';

export interface LockedCard {
  id: number;
  owner_id: number;
  player_id: number;
  hold_key: string | null;
  reserved_by: string | null;
  protected: boolean;
  current_price: number;
  listing_id: number | null;
  listing_status: string | null;
}

/**
 * Records a transfer under `key` with no cards yet; false when one with the key exists (a retry),
 * whose user and cards earlierTransfer tells.
 */
export async function startTransfer(
  trx: Knex.Transaction,
  key: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const inserted = (await trx('shop_transfers')
    .insert({ idempotency_key: key, user_id: userId, card_ids: [], created_at: now })
    .onConflict('idempotency_key')
    .ignore()
    .returning('idempotency_key')) as unknown[];
  return inserted.length > 0;
}

export async function earlierTransfer(
  trx: Knex.Transaction,
  key: string,
): Promise<{ user_id: number; card_ids: number[] }> {
  return (await trx('shop_transfers').where({ idempotency_key: key }).first()) as {
    user_id: number;
    card_ids: number[];
  };
}

export async function recordTransferredCards(
  trx: Knex.Transaction,
  key: string,
  ids: number[],
): Promise<void> {
  await trx('shop_transfers').where({ idempotency_key: key }).update({ card_ids: ids });
}

/** The user's cards and any named ones, row-locked in id order, with their open listing. */
export async function lockCardsForShop(
  trx: Knex.Transaction,
  userId: number,
  named: number[],
): Promise<LockedCard[]> {
  const ids = (await trx('cards')
    .where({ owner_id: userId })
    .orWhereIn('id', named)
    .orderBy('id')
    .forUpdate()
    .select('id')) as { id: number }[];
  if (ids.length === 0) return [];
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .leftJoin('listings as l', (j) => j.on('l.card_id', 'k.id').andOnIn('l.status', ['active', 'settling']))
    .whereIn(
      'k.id',
      ids.map((r) => r.id),
    )
    .orderBy('k.id')
    .select(
      'k.id',
      'k.owner_id',
      'k.player_id',
      'k.hold_key',
      'k.reserved_by',
      'p.protected',
      'p.current_price',
      'l.id as listing_id',
      'l.status as listing_status',
    )) as LockedCard[];
}

/** The cards belong to the market (user 0) from now, at no purchase price. */
export async function giveCardsToMarket(trx: Knex.Transaction, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx('cards')
    .whereIn('id', ids)
    .update({ owner_id: MARKET_USER_ID, purchase_price: 0, acquired_at: now });
}

export async function cardCountOf(db: Knex, userId: number): Promise<number> {
  const row = (await db('cards').where({ owner_id: userId }).count({ n: '*' }).first()) as {
    n: number | string;
  };
  return Number(row.n);
}
