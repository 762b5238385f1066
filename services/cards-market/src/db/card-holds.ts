import type { Knex } from 'knex';

export interface HoldRow {
  hold_key: string;
  owner_id: number;
  to_user_id: number;
  card_ids: number[];
  status: 'held' | 'committed' | 'voided';
  reference: string;
}

export interface HoldableCard {
  id: number;
  owner_id: number;
  hold_key: string | null;
  reserved_by: string | null;
}

export interface HeldCard {
  id: number;
  player_id: number;
  current_price: number;
}

export interface NewHold {
  holdKey: string;
  ownerId: number;
  toUserId: number;
  cardIds: number[];
  status: HoldRow['status'];
  reason: string;
  reference: string;
}

export async function lockHold(trx: Knex.Transaction, holdKey: string): Promise<HoldRow | undefined> {
  return (await trx('card_holds').where({ hold_key: holdKey }).forUpdate().first()) as HoldRow | undefined;
}

/** The cards, row-locked in id order. */
export async function lockCardsToHold(trx: Knex.Transaction, ids: number[]): Promise<HoldableCard[]> {
  return (await trx('cards')
    .whereIn('id', ids)
    .orderBy('id')
    .forUpdate()
    .select('id', 'owner_id', 'hold_key', 'reserved_by')) as HoldableCard[];
}

/**
 * Whether any of the cards is on sale or being paid for. A statement of its own, after the cards'
 * locks: a listing committed while they were awaited is seen (a subquery of the locking read would
 * read the snapshot from before the wait, and hold a card that was just listed).
 */
export async function anyListed(trx: Knex.Transaction, ids: number[]): Promise<boolean> {
  const listed = await trx('listings')
    .whereIn('card_id', ids)
    .whereIn('status', ['active', 'settling'])
    .first('id');
  return listed !== undefined;
}

/** The cards marked held under the key and the hold row inserted, in one statement. */
export async function markCardsHeld(trx: Knex.Transaction, hold: NewHold, now: Date): Promise<void> {
  await trx('cards')
    .with('hold', trx('card_holds').insert(holdRow(hold, now)))
    .whereIn('id', hold.cardIds)
    .update({ hold_key: hold.holdKey });
}

const holdRow = (hold: NewHold, now: Date) => ({
  hold_key: hold.holdKey,
  owner_id: hold.ownerId,
  to_user_id: hold.toUserId,
  card_ids: hold.cardIds,
  status: hold.status,
  reason: hold.reason,
  reference: hold.reference,
  created_at: now,
  updated_at: now,
});

export async function insertHold(trx: Knex.Transaction, hold: NewHold, now: Date): Promise<void> {
  await trx('card_holds').insert(holdRow(hold, now));
}

/**
 * The held cards go to the receiver, free of the hold, as cards received in a trade (no price paid);
 * answers each card with its player's current price (for cards.card.transferred), in the same
 * statement.
 */
export async function giveHeldCards(
  trx: Knex.Transaction,
  ids: number[],
  toUserId: number,
  now: Date,
): Promise<HeldCard[]> {
  const { rows } = (await trx.raw(
    `update cards as k set owner_id = ?, hold_key = null, acquired_at = ?, purchase_price = 0
       from players as p
      where p.id = k.player_id and k.id = any(?::bigint[])
      returning k.id, k.player_id, p.current_price`,
    [toUserId, now, ids],
  )) as { rows: HeldCard[] };
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

export async function releaseHeldCards(trx: Knex.Transaction, ids: number[], holdKey: string): Promise<void> {
  await trx('cards').whereIn('id', ids).where({ hold_key: holdKey }).update({ hold_key: null });
}

/**
 * The hold moved from `held` to `status` and answered as it is now, or undefined when it is not held
 * (unknown, committed or voided: lockHold tells which). The conditional UPDATE takes the row lock
 * and decides at once; one waiting on a racing commit or void re-reads the row after it.
 */
export async function settleHold(
  trx: Knex.Transaction,
  holdKey: string,
  status: 'committed' | 'voided',
  now: Date,
): Promise<HoldRow | undefined> {
  const [row] = (await trx('card_holds')
    .where({ hold_key: holdKey, status: 'held' })
    .update({ status, updated_at: now })
    .returning('*')) as HoldRow[];
  return row;
}

export async function setHoldStatus(
  trx: Knex.Transaction,
  holdKey: string,
  status: HoldRow['status'],
  now: Date,
): Promise<void> {
  await trx('card_holds').where({ hold_key: holdKey }).update({ status, updated_at: now });
}
