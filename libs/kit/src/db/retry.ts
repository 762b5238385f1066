import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { isStalePlanError } from './prepared-statements';

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Those, and a prepared statement's plan gone stale, which the next attempt prepares anew. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && RETRYABLE.has(code)) || isStalePlanError(error);
}

export interface TransactionRetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The first backoff; each retry doubles it, with full jitter. */
  baseDelayMs?: number;
  random?: () => number;
}

/**
 * Runs `attempt` (one whole transaction) again when Postgres aborted it as a deadlock victim or for
 * a serialization failure, after a short jittered pause so the two sides do not collide again.
 * Postgres rolled the aborted attempt back entirely, so running it again is safe; any other error,
 * or the last retryable one, is thrown as is.
 */
export async function retryTransaction<T>(
  attempt: () => Promise<T>,
  { attempts = 6, baseDelayMs = 5, random = Math.random }: TransactionRetryOptions = {},
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= attempts || !isRetryableTransactionError(error)) throw error;
      await sleep(Math.ceil(random() * baseDelayMs * 2 ** (n - 1)));
    }
  }
}

/**
 * Makes every top-level `db.transaction(work)` of this database retry as a whole on a deadlock or a
 * serialization failure, so no service or use case handles them and no user ever sees one.
 * Savepoints (`trx.transaction`) are left alone: their failure aborts the outer transaction anyway.
 *
 * It redefines `transaction` on the knex 3.3.0 instance, which knex offers no hook for. knex is
 * pinned to exactly that version; test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: no knex issue or option for retrying transactions was found.
 */
export function retryingTransactions(db: Knex, options: TransactionRetryOptions = {}): Knex {
  const begin = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(db, 'transaction', {
    configurable: true,
    value: (...args: unknown[]) =>
      typeof args[0] === 'function' ? retryTransaction(() => begin(...args), options) : begin(...args),
  });
  return db;
}
