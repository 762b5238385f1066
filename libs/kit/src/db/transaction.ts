import type { Knex } from 'knex';

/** A service's database handle, as use cases hold it: they pass it to their db/ functions, never query it. */
export type Db = Knex;
/** An open transaction, as a use case passes it from one db/ function to the next. */
export type Tx = Knex.Transaction;

/**
 * Runs `work` in one transaction. Use cases open transactions only through this, so they never touch
 * the query builder; `db` is the service's handle, whose top-level transactions retry on a deadlock
 * or a serialization failure (see retryingTransactions). `config` sets isolation or read-only.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  config?: Knex.TransactionConfig,
): Promise<T> {
  return config ? db.transaction(work, config) : db.transaction(work);
}
