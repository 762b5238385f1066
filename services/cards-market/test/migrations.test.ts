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

  it('gives the cards of packs opened before 014 their share of the price, and no other card', async () => {
    const database = await createTestDatabase('cards_market_pack_costs', { sharedPglite: true });
    try {
      const { db, schema } = database;
      await migrate(
        db,
        schema,
        migrations.filter((m) => m.name < '014_pack_pull_costs'),
      );
      const at = new Date('2026-11-20T10:00:00Z');
      const card = async (playerId: number, ownerId: number, origin: string, price = 0, acquiredAt = at) => {
        const [row] = await db('cards')
          .insert({
            player_id: playerId,
            // Past the editions the seed gives the market.
            edition_number: 90_000,
            owner_id: ownerId,
            acquired_at: acquiredAt,
            purchase_price: price,
            origin,
            created_at: acquiredAt,
          })
          .returning('id');
        return Number((row as { id: number }).id);
      };
      // A 1,000-coin pack of three: 334, 333, 333. The third was sold on and bought back later.
      const kept = [await card(1, 7, 'pack'), await card(2, 7, 'pack')];
      const boughtBack = await card(3, 7, 'pack', 0, new Date('2026-11-25T10:00:00Z'));
      // A pack whose second card went to another player; a starter card; a refunded purchase's card.
      const keptToo = await card(4, 8, 'pack');
      const givenAway = await card(5, 9, 'pack');
      const starter = await card(6, 7, 'starter');
      const purchase = (
        id: string,
        userId: number,
        price: number,
        cardIds: number[],
        state = 'completed',
      ) => ({
        id,
        user_id: userId,
        pack_id: 1,
        price,
        state,
        card_ids: cardIds,
        created_at: at,
        updated_at: new Date(at.getTime() + 1_000),
      });
      await db('pack_purchases').insert([
        purchase('p1', 7, 1_000, [...kept, boughtBack]),
        purchase('p2', 8, 501, [keptToo, givenAway]),
        purchase('p3', 7, 900, [starter], 'refunded'),
      ]);

      await migrate(db, schema, migrations);
      const costs = Object.fromEntries(
        (
          await db('cards')
            .whereIn('id', [...kept, boughtBack, keptToo, givenAway, starter])
            .select('id', 'purchase_price')
        ).map((r: { id: number; purchase_price: number }) => [Number(r.id), Number(r.purchase_price)]),
      );
      expect(costs).toEqual({
        [kept[0]!]: 334,
        [kept[1]!]: 333,
        [boughtBack]: 0,
        [keptToo]: 251,
        [givenAway]: 0,
        [starter]: 0,
      });
    } finally {
      await database.close();
    }
  });
});
