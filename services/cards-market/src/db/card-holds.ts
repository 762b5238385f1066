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

/** Whether any of the cards is on sale or being paid for. */
export async function anyListed(trx: Knex.Transaction, ids: number[]): Promise<boolean> {
  const listed = await trx('listings')
    .whereIn('card_id', ids)
    .whereIn('status', ['active', 'settling'])
    .first('id');
  return listed !== undefined;
}

export async function markCardsHeld(trx: Knex.Transaction, ids: number[], holdKey: string): Promise<void> {
  await trx('cards').whereIn('id', ids).update({ hold_key: holdKey });
}

export async function insertHold(trx: Knex.Transaction, hold: NewHold, now: Date): Promise<void> {
  await trx('card_holds').insert({
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
}

export async function heldCards(trx: Knex.Transaction, ids: number[]): Promise<HeldCard[]> {
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .whereIn('k.id', ids)
    .select('k.id', 'k.player_id', 'p.current_price')) as HeldCard[];
}

/** The held cards go to the receiver, free of the hold, as cards received in a trade (no price paid). */
export async function giveHeldCards(trx: Knex.Transaction, ids: number[], toUserId: number, now: Date) {
  await trx('cards')
    .whereIn('id', ids)
    .update({ owner_id: toUserId, hold_key: null, acquired_at: now, purchase_price: 0 });
}

export async function releaseHeldCards(trx: Knex.Transaction, ids: number[], holdKey: string): Promise<void> {
  await trx('cards').whereIn('id', ids).where({ hold_key: holdKey }).update({ hold_key: null });
}

export async function setHoldStatus(
  trx: Knex.Transaction,
  holdKey: string,
  status: HoldRow['status'],
  now: Date,
): Promise<void> {
  await trx('card_holds').where({ hold_key: holdKey }).update({ status, updated_at: now });
}
