import type { Migration } from '@touchline/kit';

/** A ban may carry the admin's reason (issue 30), shown to the player at sign-in; null: none given. */
export const banReason: Migration = {
  name: '004_ban_reason',
  async up(db) {
    await db.schema.alterTable('users', (t) => {
      t.text('ban_reason').nullable();
    });
  },
};
