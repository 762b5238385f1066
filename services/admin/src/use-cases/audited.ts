import { DomainError } from '@touchline/kit';
import { finishEntry, startEntry, type AuditStart } from '../db/audit-log';
import type { AdminDeps } from './deps';

/**
 * Runs an admin action between two audit writes: the entry exists (pending) before anything
 * changes, then says ok with the state after, or failed with what the admin was told. The action
 * gets the entry's first start, the same on every retry of the key.
 */
export async function audited<T>(
  deps: AdminDeps,
  start: Omit<AuditStart, 'key'> & { key: string },
  action: (startedAt: Date) => Promise<T>,
  after: (result: T) => unknown,
): Promise<T> {
  const { id, startedAt } = await startEntry(
    deps.db,
    { ...start, key: `${start.actorUserId}:${start.key}` },
    deps.clock.now(),
  );
  try {
    const result = await action(startedAt);
    await finishEntry(deps.db, id, { outcome: 'ok', after: after(result), error: '' }, deps.clock.now());
    return result;
  } catch (error) {
    // A refusal changed nothing: failed. A peer that timed out may still have acted: the entry stays
    // pending, and the admin's retry with the same key finishes it.
    if (error instanceof DomainError)
      await finishEntry(
        deps.db,
        id,
        { outcome: 'failed', after: {}, error: error.message },
        deps.clock.now(),
      );
    else
      deps.logger.warn({ err: error, auditId: id }, 'admin action outcome unknown: audit entry left pending');
    throw error;
  }
}
