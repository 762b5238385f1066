import type { Knex } from 'knex';

/** A pack saga's row (docs/design.md#4-cross-service-operations-sagas); its id is the buyer's idempotency key. */
export interface PurchaseRow {
  id: string;
  user_id: number;
  pack_id: number;
  price: number;
  /** refunding: the cards could not be minted and the coins are on their way back. */
  state: 'started' | 'completed' | 'refunding' | 'refunded' | 'failed';
  card_ids: number[] | null;
  failure: string | null;
}

/** Records the purchase as started, or reads the one with this id (a retry). */
export async function startPurchase(
  db: Knex,
  purchase: { id: string; userId: number; packId: number; price: number },
  now: Date,
): Promise<PurchaseRow> {
  const [started] = (await db('pack_purchases')
    .insert({
      id: purchase.id,
      user_id: purchase.userId,
      pack_id: purchase.packId,
      price: purchase.price,
      state: 'started',
      created_at: now,
      updated_at: now,
    })
    .onConflict('id')
    .ignore()
    .returning('*')) as PurchaseRow[];
  return started ?? (await findPurchase(db, purchase.id));
}

export async function findPurchase(db: Knex, id: string): Promise<PurchaseRow> {
  return (await db('pack_purchases').where({ id }).first()) as PurchaseRow;
}

export async function lockPurchase(trx: Knex.Transaction, id: string): Promise<PurchaseRow> {
  return (await trx('pack_purchases').where({ id }).forUpdate().first()) as PurchaseRow;
}

/** Moves the purchase on from `from` only; returns the moved row, or undefined when it was elsewhere. */
export async function movePurchase(
  db: Knex,
  id: string,
  from: PurchaseRow['state'],
  change: Partial<PurchaseRow>,
  now: Date,
): Promise<PurchaseRow | undefined> {
  const [moved] = (await db('pack_purchases')
    .where({ id, state: from })
    .update({ ...change, updated_at: now })
    .returning('*')) as PurchaseRow[];
  return moved;
}

/** Purchases still started or refunding since before `cutoff`: the sweeper's work. */
export async function stuckPurchases(db: Knex, cutoff: Date, limit: number): Promise<PurchaseRow[]> {
  return (await db('pack_purchases')
    .whereIn('state', ['started', 'refunding'])
    .where('updated_at', '<', cutoff)
    .limit(limit)) as PurchaseRow[];
}

/** At most this many unopened packs are listed (the newest): a player opens them one at a time. */
export const MAX_UNOPENED = 20;

export interface UnopenedRow {
  id: string;
  pack_id: number;
  price: number;
  card_ids: number[];
  created_at: Date;
}

/** The user's packs bought and minted but not yet revealed, newest first. */
export async function unrevealedPurchases(db: Knex, userId: number): Promise<UnopenedRow[]> {
  return (await db('pack_purchases')
    .where({ user_id: userId, state: 'completed' })
    .whereNull('revealed_at')
    .orderBy('created_at', 'desc')
    .limit(MAX_UNOPENED)
    .select('id', 'pack_id', 'price', 'card_ids', 'created_at')) as UnopenedRow[];
}

/**
 * Marks the user's pack revealed; a repeat changes nothing. Answers whether the pack is the user's
 * and completed (another user's or an unknown id: false, so the caller says not found).
 */
export async function markRevealed(db: Knex, userId: number, id: string, now: Date): Promise<boolean> {
  await db('pack_purchases')
    .where({ id, user_id: userId, state: 'completed' })
    .whereNull('revealed_at')
    .update({ revealed_at: now });
  const row = (await db('pack_purchases').where({ id, user_id: userId, state: 'completed' }).first('id')) as
    { id: string } | undefined;
  return row !== undefined;
}
