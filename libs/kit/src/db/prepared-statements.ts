import type { Knex } from 'knex';

/*
 * A patch of knex's internals: subclasses knex 3.3.0's private Postgres dialect and overrides its
 * `_query`. knex is pinned to exactly that version; test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: knex has no prepared-statement API (knex/knex#989, closed without one); the names go
 * to pg's public `{ name }` query option.
 */
// knex's Postgres dialect; typed loosely because knex does not export its dialect classes' types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ClientPG = require('knex/lib/dialects/postgres/index.js') as new (config: Knex.Config) => PgDialect;

/** What knex hands its dialect for one statement: compiled SQL, $n bindings, driver options. */
export interface CompiledQuery {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  /** The driver's answer, which knex's dialect reads (processResponse). */
  response?: unknown;
}

interface PgDialect {
  _query(connection: PgConnection, query: CompiledQuery): Promise<CompiledQuery>;
}

/** A pg connection; knex marks one that is inside a transaction with its id. */
interface PgConnection {
  __knexTxId?: string;
}

/**
 * Names for statement texts: a text seen a second time gets one (one-off statements such as
 * migrations never do), up to `max` names; every name stands for one text for good, as pg requires.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private seenOnce = new Set<string>();
  private next = 0;

  constructor(
    private readonly max = 300,
    private readonly maxSeenOnce = 5_000,
  ) {}

  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known || this.names.size >= this.max) return known;
    if (!this.seenOnce.delete(sql)) {
      if (this.seenOnce.size >= this.maxSeenOnce) this.seenOnce = new Set();
      this.seenOnce.add(sql);
      return undefined;
    }
    const name = `touchline_${this.next++}`;
    this.names.set(sql, name);
    return name;
  }

  /** The text will be prepared again under a new name (its old plan no longer fits the table). */
  forget(sql: string): void {
    this.names.delete(sql);
  }
}

/**
 * Postgres cannot reuse a prepared statement whose result columns changed under it (a migration
 * added a column to a table it reads with `*`): SQLSTATE 0A000 with this message.
 */
export function isStalePlanError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

/**
 * knex's Postgres client, running every statement with bindings that recurs as a named prepared
 * statement: each connection has Postgres parse and plan it once instead of on every run (on a
 * market buy's few dozen small statements, that parse and plan was most of Postgres's work).
 * A statement whose plan went stale is prepared anew: at once outside a transaction; inside one the
 * transaction has failed, and retryingTransactions runs it again.
 */
export function namedStatementsPgClient(names = new StatementNames()): new (config: Knex.Config) => unknown {
  class NamedStatementsPg extends ClientPG {
    override async _query(connection: PgConnection, query: CompiledQuery): Promise<CompiledQuery> {
      const name = query.bindings?.length && !query.options?.name ? names.nameOf(query.sql) : undefined;
      if (!name) return super._query(connection, query);
      try {
        return await super._query(connection, { ...query, options: { ...query.options, name } });
      } catch (error) {
        if (!isStalePlanError(error)) throw error;
        names.forget(query.sql);
        if (connection.__knexTxId !== undefined) throw error;
        return super._query(connection, query);
      }
    }
  }
  return NamedStatementsPg;
}
