import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createPgliteKnexClient, SharedPglite } from './pglite-client';
import { namedStatementsPgClient } from './prepared-statements';
import { retryingTransactions } from './retry';

// Ids and coin amounts are bigint/numeric columns well inside 2^53: read them as numbers everywhere.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Database = Knex;

/**
 * Real Postgres: the service's schema first on the search_path, so it never needs to name it. Every
 * `db.transaction(work)` runs again on a deadlock or serialization failure (retry.ts). Recurring
 * statements run prepared (prepared-statements.ts).
 */
export function createPostgresDatabase(url: string, schema: string, poolMax = 10): Database {
  const db = knex({
    client: namedStatementsPgClient() as typeof knex.Client,
    connection: { connectionString: url, application_name: schema },
    searchPath: [schema, 'public'],
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
  return retryingTransactions(db);
}

/**
 * LISTEN on a connection of its own (outside the pool, which would hand it to queries), for the
 * outbox relay (events/relay.ts): `onNotify` on each notification of the channel, `onLost` once when
 * the connection ends without being stopped.
 */
export function postgresListener(url: string, applicationName: string) {
  return async (
    channel: string,
    onNotify: () => void,
    onLost: (error?: Error) => void,
  ): Promise<() => Promise<void>> => {
    const client = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      keepAlive: true,
    });
    let stopped = false;
    const lost = (error?: Error) => {
      if (stopped) return;
      stopped = true;
      void client.end().catch(() => undefined);
      onLost(error);
    };
    // An idle client's socket error is emitted: without a listener it would end the process.
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      stopped = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    return async () => {
      if (stopped) return;
      stopped = true;
      await client.end().catch(() => undefined);
    };
  };
}

/**
 * The Postgres that PGlite is. Told to knex, which otherwise asks each service's first connection
 * `select version()` (eight statements of every embedded start) only to compare it with 9.2.
 */
export const PGLITE_POSTGRES_VERSION = '18';

/** Embedded Postgres (PGlite) shared by every service of the process, confined to `schema`. */
export function createPgliteDatabase(shared: SharedPglite, schema: string): Database {
  const client = createPgliteKnexClient(shared, schema);
  // PGlite runs one transaction at a time and never deadlocks; it retries alike so both behave the same.
  return retryingTransactions(
    knex({
      client: client as unknown as typeof knex.Client,
      connection: { pglite: shared.pglite } as never,
      version: PGLITE_POSTGRES_VERSION,
    }),
  );
}

export function sharePglite(pglite: PGlite): SharedPglite {
  return new SharedPglite(pglite);
}

/** Cheap liveness probe used by the health check. */
export async function pingDatabase(db: Database, timeoutMs = 1_500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.raw('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
