import type { Migration } from '@touchline/kit';

/**
 * Review holds (security review, issue 40): an account with a high-severity fraud flag sends no
 * coins to players and requests no cash-out until an admin clears the hold. One row per user that
 * was ever held; a cleared row keeps the reason the admin cleared, so the same flags seen again do
 * not hold the account again.
 */
export const reviewHolds: Migration = {
  name: '009_review_holds',
  async up(db) {
    await db.schema.createTable('review_holds', (t) => {
      t.bigInteger('user_id').primary();
      t.text('reason').notNullable();
      t.timestamp('held_at', { useTz: true }).notNullable();
      t.timestamp('cleared_at', { useTz: true }).nullable();
      t.bigInteger('cleared_by').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },
};
