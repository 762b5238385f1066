import type { Knex } from 'knex';

export interface QueuedReview {
  user_id: number;
  version: number;
}

/** Queues the users for a look at their flags (again: the version grows). */
export async function queueForReview(trx: Knex.Transaction, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await trx('fraud_review_queue')
    .insert(ids.map((user_id) => ({ user_id, version: 1 })))
    .onConflict('user_id')
    .merge({ version: trx.raw('fraud_review_queue.version + 1') });
}

export async function queuedReviews(db: Knex, limit: number): Promise<QueuedReview[]> {
  return (await db('fraud_review_queue').orderBy('user_id').limit(limit)) as QueuedReview[];
}

/** Takes the users off the queue, unless they were queued again since they were read. */
export async function doneReviews(db: Knex, reviewed: readonly QueuedReview[]): Promise<void> {
  for (const r of reviewed)
    await db('fraud_review_queue').where({ user_id: r.user_id, version: r.version }).delete();
}
