import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@touchline/kit';
import { createTestDatabase, type TestDatabase } from '@touchline/kit/testing';
import { migrations } from '../src/db/migrations';

/** The schema's shape: its tables' columns, constraints and indexes, by name. */
async function shape(database: TestDatabase) {
  const { db, schema } = database;
  const columns = await db.raw(
    `select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = ? and table_name <> 'knex_migrations' and table_name <> 'knex_migrations_lock'
      order by 1, 2`,
    [schema],
  );
  const constraints = await db.raw(
    `select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
       from pg_constraint where connamespace = ?::regnamespace order by 1, 2`,
    [schema],
  );
  const indexes = await db.raw(
    `select tablename, indexname, regexp_replace(indexdef, ' ON \\S+ ', ' ON ') as definition
       from pg_indexes where schemaname = ? order by 1, 2`,
    [schema],
  );
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

describe('cards_market migrations', () => {
  let fresh: TestDatabase;
  let upgraded: TestDatabase;
  beforeAll(async () => {
    [fresh, upgraded] = await Promise.all([
      createTestDatabase('cards_market_fresh', { sharedPglite: true }),
      createTestDatabase('cards_market_upgraded', { sharedPglite: true }),
    ]);
    await migrate(fresh.db, fresh.schema, migrations);
    // A schema made before 007_team_names (clubs, club_id), then brought up to date.
    const before = migrations.filter((m) => m.name < '007_team_names');
    await migrate(upgraded.db, upgraded.schema, before);
    expect(await upgraded.db.schema.hasTable('clubs')).toBe(true);
    await migrate(upgraded.db, upgraded.schema, migrations);
  });
  afterAll(async () => {
    await Promise.all([fresh?.close(), upgraded?.close()]);
  });

  it('names teams the same in a fresh schema and an upgraded one, keeping the seeded rows', async () => {
    const [freshShape, upgradedShape] = await Promise.all([shape(fresh), shape(upgraded)]);
    expect(upgradedShape).toEqual(freshShape);
    expect(JSON.stringify(freshShape)).not.toMatch(/club/i);
    expect(await upgraded.db.schema.hasTable('teams')).toBe(true);
    expect(await upgraded.db.schema.hasColumn('players', 'team_id')).toBe(true);
    const counts: unknown = await upgraded
      .db('players as p')
      .join('teams as t', 't.id', 'p.team_id')
      .first(upgraded.db.raw('count(distinct t.id)::int as teams, count(*)::int as players'));
    expect(counts).toEqual({ teams: 30, players: 858 });
  });
});
