import type { Migration } from '@touchline/kit';

/**
 * The users whose exchanges changed since anti-fraud last looked (security review, issue 40). The
 * event consumer queues both sides of every exchange in its own transaction; a background job
 * reads the queue, computes their flags (which needs identity and the wallet, never called while a
 * transaction is open) and asks the wallet to hold the outgoing coins of a high-severity flag.
 * `version` grows with each queueing, so a user queued again while the job ran stays queued.
 */
export const fraudReview: Migration = {
  name: '002_fraud_review',
  async up(db) {
    await db.schema.createTable('fraud_review_queue', (t) => {
      t.bigInteger('user_id').primary();
      t.bigInteger('version').notNullable().defaultTo(1);
    });
  },
};
