import type { Migration } from '@touchline/kit';

/**
 * An admin may say why a cash-out was rejected (issue 30): the player reads it in the history and
 * the notification. Null: no reason given.
 */
export const rejectionReason: Migration = {
  name: '006_rejection_reason',
  async up(db) {
    await db.schema.alterTable('cashout_requests', (t) => {
      t.text('rejection_reason').nullable();
    });
  },
};
