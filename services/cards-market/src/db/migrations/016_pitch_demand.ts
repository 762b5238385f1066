import type { Migration } from '@touchline/kit';

/**
 * The market follows the pitch (issue 44): a scored matchday's player points become demand rows,
 * marked with where they came from (`matchday:{id}`; null for the market's own buys and listings).
 * One row per matchday and player at most: a repeat of the event, past the inbox, adds nothing.
 * Numbered 016: 015 is taken by the squad challenges work in flight.
 */
export const pitchDemand: Migration = {
  name: '016_pitch_demand',
  async up(db) {
    await db.schema.alterTable('demand', (t) => {
      t.text('source');
    });
    await db.raw(
      `create unique index demand_source_player on demand (source, player_id) where source is not null`,
    );
  },
};
