/**
 * Recurring statements run as named prepared statements on real Postgres (PGlite has no such
 * thing). Needs TEST_DATABASE_URL; see vitest.config.mts for why *.pg.test.ts files run only then.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { createPostgresDatabase, type Database } from '../src/db/database';

const url = process.env.TEST_DATABASE_URL!;
const schema = `prepared_t${randomBytes(4).toString('hex')}`;
let admin: Knex;
let db: Database;

beforeAll(async () => {
  admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw('create schema ??', [schema]);
  await admin.raw('create table ??.items (id int primary key, name text not null)', [schema]);
  await admin.raw(`insert into ??.items values (1, 'one'), (2, 'two')`, [schema]);
  // One connection, so every statement below runs on the session whose prepared statements are read.
  db = createPostgresDatabase(url, schema, 1);
});

afterAll(async () => {
  await db?.destroy();
  await admin?.raw('drop schema if exists ?? cascade', [schema]);
  await admin?.destroy();
});

const prepared = async () =>
  (await db.raw('select statement from pg_prepared_statements order by prepare_time')).rows.map(
    (r: { statement: string }) => r.statement,
  );

describe('named prepared statements', () => {
  it('prepares a statement that recurs once per connection, and never a one-off', async () => {
    for (const id of [1, 2, 1]) expect((await db('items').where({ id }).first()).id).toBe(id);
    await db('items').where({ name: 'one' }).first();
    const statements = await prepared();
    expect(statements.filter((s: string) => s.includes('"id" = $1'))).toHaveLength(1);
    expect(statements.some((s: string) => s.includes('"name" = $1'))).toBe(false);
  });

  it('prepares a statement again when a migration changed the columns it reads', async () => {
    const byId = (q: Knex | Knex.Transaction, id: number) => q('items').where({ id }).first();
    await byId(db, 1);
    await byId(db, 2);
    await admin.raw('alter table ??.items add column extra int not null default 7', [schema]);
    // Outside a transaction at once, inside one by running the transaction again.
    expect(await byId(db, 1)).toEqual({ id: 1, name: 'one', extra: 7 });
    await admin.raw('alter table ??.items add column more int not null default 8', [schema]);
    expect(await db.transaction((trx) => byId(trx, 2))).toEqual({ id: 2, name: 'two', extra: 7, more: 8 });
  });
});
