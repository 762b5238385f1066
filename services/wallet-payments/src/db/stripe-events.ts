import type { Knex } from 'knex';

export interface StripeEventRow {
  event_id: string;
  type: string;
  payment_intent_id: string | null;
  handled: boolean;
  received_at: Date;
}

/**
 * Records the event unless its id was seen; false when it was. A redelivery racing the first one
 * waits here for its outcome, like a posting key (db/transactions.ts).
 */
export async function claimEvent(trx: Knex.Transaction, row: StripeEventRow): Promise<boolean> {
  const inserted = (await trx('stripe_events')
    .insert(row)
    .onConflict('event_id')
    .ignore()
    .returning('event_id')) as unknown[];
  return inserted.length > 0;
}

export async function findEvent(db: Knex, eventId: string): Promise<StripeEventRow | undefined> {
  return (await db('stripe_events').where({ event_id: eventId }).first()) as StripeEventRow | undefined;
}

export async function markHandled(trx: Knex.Transaction, eventId: string): Promise<void> {
  await trx('stripe_events').where({ event_id: eventId }).update({ handled: true });
}
