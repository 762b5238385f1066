import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
// knex-pglite's client class; typed loosely because knex does not export its dialect classes' types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ClientPGLite = require('knex-pglite') as new (config: Knex.Config) => KnexClient;

/*
 * A patch of library internals: subclasses knex-pglite 0.14.0's client and overrides knex 3.3.0's
 * undocumented client methods (acquire, release, destroy, search path). Both are pinned to exactly
 * those versions; test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: no knex or knex-pglite issue about sharing one PGlite between knex instances was found.
 * It also corrects knex-pglite 0.14.0's processResponse, which names a statement's command after
 * knex's method: a delete's is 'del', not 'DELETE', so knex answered `.delete()` with the driver's
 * result object instead of the count of rows deleted (on Postgres it is the count). Upstream: not
 * reported in knex-pglite's tracker as of 2026-12-01.
 */

interface KnexClient {
  processResponse(obj: { method?: string }, runner: unknown): unknown;
  acquireConnection(): Promise<PGlite>;
  releaseConnection(connection: PGlite): Promise<void>;
  destroyRawConnection(connection: PGlite): Promise<void>;
  setSchemaSearchPath(connection: PGlite, path?: string | string[]): Promise<boolean>;
}

/**
 * One PGlite session shared by the knex instance of every service in the embedded process. A
 * checkout (a query or a whole transaction) holds an exclusive lease and sets the service's
 * search_path, so services stay in their own schema and never see each other's open transactions.
 * Rule that follows: a service never calls another service while holding a transaction.
 */
export class SharedPglite {
  private queue: Promise<void> = Promise.resolve();
  private currentPath: string | undefined;

  constructor(readonly pglite: PGlite) {}

  async lease(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => held);
    await previous;
    return release;
  }

  async usePath(path: string): Promise<void> {
    if (this.currentPath === path) return;
    await this.pglite.query(`set search_path to ${path}`);
    this.currentPath = path;
  }
}

export function createPgliteKnexClient(
  shared: SharedPglite,
  schema: string,
): new (config: Knex.Config) => unknown {
  const searchPath = `"${schema}", public`;
  const releases = new WeakMap<object, () => void>();
  class LeasedPgliteClient extends ClientPGLite {
    // knex's delete is the method 'del'; knex-pglite's command must read 'DELETE' for the count.
    override processResponse(obj: { method?: string }, runner: unknown): unknown {
      return super.processResponse(obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
    }

    override async acquireConnection(): Promise<PGlite> {
      const release = await shared.lease();
      try {
        const connection = await super.acquireConnection();
        await shared.usePath(searchPath);
        releases.set(connection, release);
        return connection;
      } catch (error) {
        release();
        throw error;
      }
    }

    override async releaseConnection(connection: PGlite): Promise<void> {
      const release = releases.get(connection);
      releases.delete(connection);
      try {
        await super.releaseConnection(connection);
      } finally {
        release?.();
      }
    }

    // The PGlite instance belongs to the process, not to one service's knex: closing knex must not close it.
    override async destroyRawConnection(): Promise<void> {}

    override async setSchemaSearchPath(): Promise<boolean> {
      return true;
    }
  }
  return LeasedPgliteClient;
}
