import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knex from 'knex';
import { createPgliteDatabase, createPostgresDatabase, sharePglite, type Database } from '../db/database';
import type { SharedPglite } from '../db/pglite-client';
import { pgliteVersion } from '../db/pglite';

export interface TestDatabase {
  db: Database;
  /** Schema the test's service lives in (unique per test on shared Postgres). */
  schema: string;
  kind: 'postgres' | 'pglite';
  /** A second connection pool on the same database and schema, for racing transactions. */
  connect(): Database;
  close(): Promise<void>;
}

const PARSERS = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

let pristine: Promise<Blob> | undefined;

/**
 * A dump of a database fresh from initdb, kept in the temporary directory per user and PGlite
 * version: initdb (seconds of WebAssembly) then runs once per machine instead of once per test
 * database, and loading the dump takes a fraction of that. A cache only: when it is missing it is
 * made again, written under a temporary name and renamed, so a reader never sees half a file.
 */
function pristineDump(): Promise<Blob> {
  pristine ??= (async () => {
    const file = path.join(
      tmpdir(),
      `touchline-pglite-test-${process.getuid?.() ?? 0}-${pgliteVersion()}.tar`,
    );
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = new PGlite();
    await fresh.waitReady;
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const staging = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(staging, Buffer.from(await dump.arrayBuffer()));
    renameSync(staging, file);
    return dump;
  })();
  return pristine;
}

/** A PGlite as fresh from initdb, loaded from the machine's dump of one (seconds less than initdb). */
export async function newTestPglite(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: await pristineDump(), parsers: PARSERS });
  await pglite.waitReady;
  return pglite;
}

let processPglite: Promise<SharedPglite> | undefined;

function startSharedPglite(): Promise<SharedPglite> {
  processPglite ??= newTestPglite().then(sharePglite);
  return processPglite;
}

/**
 * Starts the process's shared PGlite ahead of the tests (from a `beforeAll` with a generous
 * timeout), so its start-up is not charged to the first test. Nothing to do on Postgres.
 */
export async function warmSharedPglite(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await startSharedPglite();
}

/**
 * A schema of its own in one PGlite per test process: starting PGlite is what costs (seconds on a
 * busy machine), so tests that start many databases share it and each gets a fresh schema.
 */
async function sharedPgliteDatabase(baseSchema: string): Promise<TestDatabase> {
  const shared = await startSharedPglite();
  const schema = `${baseSchema}_t${randomBytes(4).toString('hex')}`;
  const pools: Database[] = [];
  const connect = () => {
    const db = createPgliteDatabase(shared, schema);
    pools.push(db);
    return db;
  };
  return {
    db: connect(),
    schema,
    kind: 'pglite',
    connect,
    async close() {
      const admin = createPgliteDatabase(shared, 'public');
      try {
        await Promise.all(pools.map((p) => p.destroy()));
        await admin.raw('drop schema if exists ?? cascade', [schema]);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/**
 * Integration tests run against real Postgres when TEST_DATABASE_URL is set (as CI runs them),
 * otherwise against an in-memory PGlite. On Postgres each call gets its own schema, dropped at close;
 * so does PGlite with `sharedPglite` (one instance per test process), else each call starts its own.
 */
export async function createTestDatabase(
  baseSchema: string,
  options: { sharedPglite?: boolean } = {},
): Promise<TestDatabase> {
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
  if (options.sharedPglite) return sharedPgliteDatabase(baseSchema);
  const pglite = await newTestPglite();
  const shared = sharePglite(pglite);
  return {
    db: createPgliteDatabase(shared, baseSchema),
    schema: baseSchema,
    kind: 'pglite',
    connect: () => createPgliteDatabase(shared, baseSchema),
    close: () => pglite.close(),
  };
}
