import pg from 'pg';

/*
 * A patch of pg's internals: subclasses pg 8.23.1's Query and writes protocol messages through its
 * connection's undocumented methods and statement maps. pg is pinned to exactly that version;
 * test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: neither knex nor pg sends BEGIN with the first statement; no knex issue was found, and
 * pg's pipelining proposal (brianc/node-postgres#3591) was closed unmerged.
 */

/**
 * knex opens a transaction with a round trip of its own ('BEGIN;'), then sends the first statement
 * once BEGIN has answered: on a market buy's short transactions that was one round trip in five.
 * Here BEGIN is held back and written with the transaction's first statement, under one Sync.
 * Postgres runs them in order, and after an error it skips everything up to the Sync: should BEGIN
 * fail, the statement does not run at all, so it can never run outside the transaction. A
 * transaction that ends before any statement (COMMIT or ROLLBACK right after BEGIN) sends nothing.
 */

/** The pg client of one pooled connection, as far as this file uses it. */
export interface PgClientLike {
  __knexTxId?: string;
  getTransactionStatus?(): string | null;
  query(query: unknown): unknown;
}

/**
 * What knex's Postgres dialect sends to open a plain transaction (pg-transaction.js). Not one with
 * an isolation level or READ ONLY: Postgres refuses those once anything ran in the block, and the
 * statement's Parse may go before BEGIN here.
 */
const BEGIN = /^BEGIN;$/;
const END = /^(COMMIT|ROLLBACK);?$/i;

/** The BEGIN waiting on a connection, and the knex transaction it opens. */
const held = new WeakMap<PgClientLike, { sql: string; txId: string | undefined }>();

/**
 * True when `sql` is a BEGIN that is now held on the connection (answer it as done): only on an
 * idle session ('I'), never where a transaction is already open.
 */
export function holdBegin(connection: PgClientLike, sql: string): boolean {
  if (!BEGIN.test(sql) || connection.getTransactionStatus?.() !== 'I') return false;
  held.set(connection, { sql, txId: connection.__knexTxId });
  return true;
}

/**
 * The BEGIN to send with this statement, taken off the connection. A COMMIT or ROLLBACK that ends a
 * transaction whose BEGIN was never sent has nothing to end: `{ skip: true }`.
 */
export function takeHeldBegin(connection: PgClientLike, sql: string): { begin?: string; skip?: true } {
  const begin = held.get(connection);
  if (!begin) return {};
  held.delete(connection);
  // Not the transaction that held it (it ended some way knex did not tell us): never send it.
  if (begin.txId !== connection.__knexTxId) return {};
  if (END.test(sql)) return { skip: true };
  return { begin: begin.sql };
}

interface PgConnectionWire {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

/** pg's Query, with the members it has at run time that its typings leave out. */
interface PgQueryInternals {
  text: string;
  name?: string;
  types?: unknown[];
  values?: unknown[];
  hasBeenParsed(connection: PgConnectionWire): boolean;
  prepare(connection: PgConnectionWire): void;
}

const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig,
  callback: (error: Error | null, result: pg.QueryResult | pg.QueryResult[]) => void,
) => PgQueryInternals;

/**
 * A statement preceded by BEGIN in the same write and under the same Sync (extended protocol). A
 * named statement not parsed yet on this connection is parsed before BEGIN: Postgres's first
 * ParseComplete is then its own, which is how pg knows it is parsed, and a failed parse runs
 * nothing. BEGIN itself uses the unnamed statement and portal, which the statement's Bind replaces.
 */
class AfterBegin extends PgQuery {
  constructor(
    private readonly beginSql: string,
    config: pg.QueryConfig,
    callback: (error: Error | null, result?: pg.QueryResult) => void,
  ) {
    // Two results arrive, BEGIN's and the statement's: the caller gets the statement's.
    super(config, (error, results) =>
      error ? callback(error) : callback(null, Array.isArray(results) ? results.at(-1) : results),
    );
  }

  requiresPreparation(): boolean {
    return true;
  }

  submit(connection: PgConnectionWire): Error | null {
    const previous =
      this.name && (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name]);
    if (previous && previous !== this.text)
      return new Error(
        `Prepared statements must be unique - '${this.name}' was used for a different statement`,
      );
    if (this.values && !Array.isArray(this.values)) return new Error('Query values must be an array');
    connection.stream.cork?.();
    try {
      if (this.name && !this.hasBeenParsed(connection)) {
        connection.parse({ text: this.text, name: this.name, types: this.types ?? [] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.parse({ text: this.beginSql, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
      this.prepare(connection); // Bind, Describe, Execute and the Sync (and Parse when unnamed)
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }
}

/** Runs `config` on the connection right behind `beginSql`, in one round trip. */
export function queryAfterBegin(
  connection: PgClientLike,
  beginSql: string,
  config: pg.QueryConfig,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    connection.query(
      new AfterBegin(beginSql, config, (error, result) => (error ? reject(error) : resolve(result!))),
    );
  });
}
