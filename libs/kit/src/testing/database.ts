import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import knex from 'knex';
import { createPgliteDatabase, createPostgresDatabase, sharePglite, type Database } from '../db/database';

export interface TestDatabase {
  db: Database;
  /** Schema the test's service lives in (unique per test on shared Postgres). */
  schema: string;
  kind: 'postgres' | 'pglite';
  /** A second connection pool on the same database and schema, for racing transactions. */
  connect(): Database;
  close(): Promise<void>;
}

/**
 * Integration tests run against real Postgres when TEST_DATABASE_URL is set (CI does both runs),
 * otherwise against an in-memory PGlite. On Postgres each call gets its own schema, dropped at close.
 */
export async function createTestDatabase(baseSchema: string): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `${baseSchema}_t${randomBytes(4).toString('hex')}`;
    const pools: Database[] = [];
    const connect = () => {
      const db = createPostgresDatabase(url, schema, 20);
      pools.push(db);
      return db;
    };
    const db = connect();
    return {
      db,
      schema,
      kind: 'postgres',
      connect,
      async close() {
        const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
        try {
          await Promise.all(pools.map((p) => p.destroy()));
          await admin.raw('drop schema if exists ?? cascade', [schema]);
        } finally {
          await admin.destroy();
        }
      },
    };
  }
  const pglite = new PGlite({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  await pglite.waitReady;
  const shared = sharePglite(pglite);
  return {
    db: createPgliteDatabase(shared, baseSchema),
    schema: baseSchema,
    kind: 'pglite',
    connect: () => createPgliteDatabase(shared, baseSchema),
    close: () => pglite.close(),
  };
}
