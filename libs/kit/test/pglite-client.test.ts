/**
 * Embedded mode's knex client answers as knex's Postgres client does (kit's pglite-client.ts): always
 * on PGlite, whether or not TEST_DATABASE_URL is set, since embedded mode runs on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase, sharePglite, type Database } from '../src/db/database';
import { newTestPglite } from '../src/testing/database';

let pglite: PGlite;
let db: Database;

beforeAll(async () => {
  pglite = await newTestPglite();
  db = createPgliteDatabase(sharePglite(pglite), 'pglite_client');
  await db.raw('create schema if not exists pglite_client');
  await db.raw('create table pglite_client.items (id int primary key, owner int not null)');
});

afterAll(async () => {
  await db?.destroy();
  await pglite?.close();
});

describe("embedded mode's knex client", () => {
  it('answers a delete with the count of rows deleted, as on Postgres', async () => {
    await db('items').insert([
      { id: 1, owner: 7 },
      { id: 2, owner: 7 },
      { id: 3, owner: 8 },
    ]);
    // Another owner's row: nothing deleted, and the caller can tell (a 404, not a 200).
    expect(await db('items').where({ id: 3, owner: 7 }).delete()).toBe(0);
    expect(await db('items').where({ owner: 7 }).del()).toBe(2);
    expect(await db.transaction((trx) => trx('items').where({ id: 3 }).delete())).toBe(1);
  });

  it('answers an update with its count and a returning delete with its rows', async () => {
    await db('items').insert([
      { id: 4, owner: 1 },
      { id: 5, owner: 1 },
    ]);
    expect(await db('items').where({ owner: 1 }).update({ owner: 2 })).toBe(2);
    expect(await db('items').where({ id: 4 }).delete(['id'])).toEqual([{ id: 4 }]);
  });
});
