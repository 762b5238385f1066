import type { Migration } from '@touchline/kit';

/** A constraint's name after the rename: knex named them after the table and the column. */
const renamed = (name: string) =>
  name.replace(/^clubs_/, 'teams_').replace(/^players_club_id_/, 'players_team_id_');

/**
 * One word for a team across SQL, the protos and the API: the clubs table becomes teams and
 * players.club_id team_id, with the constraints and the index named after them. Renames only, so
 * the rows, the foreign key and the service role's ownership stay as they were. The constraints are
 * looked up rather than listed: Postgres 18 (PGlite's) also names each NOT NULL, earlier ones do not.
 */
export const teamNames: Migration = {
  name: '007_team_names',
  async up(db) {
    await db.schema.renameTable('clubs', 'teams');
    await db.schema.alterTable('players', (t) => t.renameColumn('club_id', 'team_id'));
    const { rows } = (await db.raw(
      `select conrelid::regclass::text as "table", conname from pg_constraint
        where conrelid in ('teams'::regclass, 'players'::regclass) and conname like '%club%'`,
    )) as { rows: { table: string; conname: string }[] };
    for (const { table, conname } of rows)
      await db.raw('alter table ?? rename constraint ?? to ??', [table, conname, renamed(conname)]);
    await db.raw('alter index players_club_id_index rename to players_team_id_index');
  },
};
