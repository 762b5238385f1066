import type { Migration } from '@touchline/kit';

/**
 * A lineup's idempotency key is claimed before its cards are held, so a double tap waits for the
 * first tap's outcome instead of racing it for the same cards, and a refusal is kept with its key:
 * one key, one answer. Keys written before this were all saved lineups.
 */
export const lineupKeyClaims: Migration = {
  name: '003_lineup_key_claims',
  async up(db) {
    await db.schema.alterTable('lineup_keys', (t) => {
      t.text('state').notNullable().defaultTo('saved'); // claimed | saved | refused
      t.text('claim');
      t.timestamp('claimed_at', { useTz: true });
      t.text('failure_code');
      t.text('failure');
    });
  },
};
