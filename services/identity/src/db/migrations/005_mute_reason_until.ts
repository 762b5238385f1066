import type { Migration } from '@touchline/kit';

/**
 * A mute carries the admin's reason and its end (issue 43); null end: permanent. The end is the truth:
 * a mute whose end has passed is over, with no job to clear the flag.
 */
export const muteReasonUntil: Migration = {
  name: '005_mute_reason_until',
  async up(db) {
    await db.schema.alterTable('users', (t) => {
      t.text('mute_reason').nullable();
      t.timestamp('muted_until', { useTz: true }).nullable();
    });
  },
};
