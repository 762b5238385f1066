/**
 * A transaction's BEGIN travels with its first statement (begin-with-first-statement.ts), on real
 * Postgres. Needs TEST_DATABASE_URL; see vitest.config.mts for why *.pg.test.ts files run only then.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { queryAfterBegin } from '../src/db/begin-with-first-statement';
import { createPostgresDatabase, type Database } from '../src/db/database';

const url = process.env.TEST_DATABASE_URL!;
const schema = `begin_t${randomBytes(4).toString('hex')}`;
let admin: Knex;
let db: Database;
/** Every query the pg driver was asked to send, in order (BEGIN held back is not one). */
let sent: string[] = [];

beforeAll(async () => {
  admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw('create schema ??', [schema]);
  await admin.raw('create table ??.items (id int primary key, name text not null)', [schema]);
  // One connection, so the bookkeeping of prepared statements below is of one session.
  db = createPostgresDatabase(url, schema, 1);
  db.client.pool.on('acquireSuccess', (_id: number, connection: { query: (...a: unknown[]) => unknown }) => {
    const marked = connection as unknown as { __spied?: true };
    if (marked.__spied) return;
    marked.__spied = true;
    const query = connection.query.bind(connection);
    connection.query = (config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      sent.push(text.replace(/\s+/g, ' '));
      return query(config, ...rest);
    };
  });
});

beforeEach(async () => {
  await db('items').del();
  sent = [];
});

afterAll(async () => {
  await db?.destroy();
  await admin?.raw('drop schema if exists ?? cascade', [schema]);
  await admin?.destroy();
});

const names = async () => (await db('items').orderBy('id').pluck('name')) as string[];

describe('BEGIN with the first statement', () => {
  it('sends a transaction of one insert as two queries, and its rollback still undoes the insert', async () => {
    await db.transaction((trx) => trx('items').insert({ id: 1, name: 'kept' }));
    expect(sent).toEqual(['insert into "items" ("id", "name") values ($1, $2)', 'COMMIT;']);
    await expect(
      db.transaction(async (trx) => {
        await trx('items').insert({ id: 2, name: 'undone' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['kept']);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    await db.transaction(async () => undefined);
    await expect(
      db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(sent).toEqual([]);
  });

  it('runs no statement outside a transaction when BEGIN fails', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const insert = (id: number) => ({
        text: `insert into ${schema}.items (id, name) values ($1, $2)`,
        values: [id, `n${id}`],
        name: 'insert_item',
      });
      // Postgres has no isolation level called snapshot: BEGIN fails after the statement's Parse.
      await expect(
        queryAfterBegin(client, 'BEGIN TRANSACTION ISOLATION LEVEL snapshot', insert(1)),
      ).rejects.toThrow(/syntax error/);
      expect(await names()).toEqual([]);
      expect((client as unknown as { getTransactionStatus(): string }).getTransactionStatus()).toBe('I');
      // The statement parsed ahead of the failed BEGIN is known to the session as parsed: it runs.
      await client.query(insert(2));
      expect(await names()).toEqual(['n2']);
    } finally {
      await client.end();
    }
  });

  it('leaves BEGIN with an isolation level to its own round trip (Postgres wants it before any parse)', async () => {
    await db('items').insert({ id: 1, name: 'one' });
    sent = [];
    const read = await db.transaction((trx) => trx('items').where({ id: 1 }).pluck('name'), {
      isolationLevel: 'repeatable read',
    });
    expect(read).toEqual(['one']);
    expect(sent[0]).toBe('BEGIN TRANSACTION ISOLATION LEVEL repeatable read;');
  });

  it('leaves the session usable after the first statement fails, and takes several commands without bindings', async () => {
    await db('items').insert({ id: 1, name: 'one' });
    await expect(db.transaction((trx) => trx('items').insert({ id: 1, name: 'again' }))).rejects.toThrow(
      /duplicate key/,
    );
    const rows = await db.transaction(async (trx) => {
      await trx.raw(`insert into items values (5, 'five'); insert into items values (6, 'six')`);
      return trx('items').where('id', '>', 4).orderBy('id').pluck('name');
    });
    expect(rows).toEqual(['five', 'six']);
    expect(sent).toContain('BEGIN;');
  });
});
