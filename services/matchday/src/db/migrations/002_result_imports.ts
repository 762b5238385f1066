import type { Migration } from '@touchline/kit';

/**
 * Results uploaded by an admin for the `import` match feed: one upload per matchday (a re-upload
 * before scoring replaces it and raises its revision), and its players' lines. Scoring copies them
 * into player_results, as it does the simulated feed's.
 */
export const resultImports: Migration = {
  name: '002_result_imports',
  async up(db) {
    await db.schema.createTable('result_imports', (t) => {
      t.integer('matchday_id').primary().references('id').inTable('matchdays');
      t.integer('revision').notNullable();
      t.text('format').notNullable(); // csv | json
      t.integer('players').notNullable();
      t.bigInteger('imported_by').notNullable();
      t.text('idempotency_key').notNullable();
      t.timestamp('imported_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('imported_results', (t) => {
      t.integer('matchday_id').notNullable().references('matchday_id').inTable('result_imports');
      t.bigInteger('player_id').notNullable();
      t.bigInteger('team_id').notNullable();
      t.text('position').notNullable();
      t.integer('minutes').notNullable();
      t.integer('goals').notNullable();
      t.integer('assists').notNullable();
      t.integer('saves').notNullable();
      t.boolean('clean_sheet').notNullable();
      t.integer('goals_conceded').notNullable();
      t.integer('yellow_cards').notNullable();
      t.integer('red_cards').notNullable();
      t.integer('points').notNullable(); // whole points
      t.integer('line').notNullable(); // where the file had it
      t.primary(['matchday_id', 'player_id']);
    });
    // Every upload's key, so a retry answers the upload it made instead of undoing a later one.
    await db.schema.createTable('import_keys', (t) => {
      t.text('idempotency_key').primary();
      t.integer('matchday_id').notNullable();
      t.integer('revision').notNullable();
      t.text('format').notNullable();
      t.integer('players').notNullable();
      t.bigInteger('imported_by').notNullable();
      t.timestamp('imported_at', { useTz: true }).notNullable();
      t.boolean('replaced').notNullable();
    });
  },
};
