import type { Knex } from 'knex';

export type Outcome = 'pending' | 'ok' | 'failed';

export interface AuditRow {
  id: number;
  actor_user_id: number;
  action: string;
  target_type: string;
  target_id: string;
  idempotency_key: string;
  request: unknown;
  before: unknown;
  after: unknown;
  outcome: Outcome;
  error: string;
  created_at: Date;
  finished_at: Date | null;
}

export interface AuditStart {
  actorUserId: number;
  action: string;
  targetType: string;
  targetId: string;
  key: string;
  request: unknown;
  before: unknown;
}

/** Records an action as pending before it runs; a retry of the same key reuses its entry. */
export async function startEntry(db: Knex, start: AuditStart, now: Date): Promise<number> {
  const [row] = (await db('audit_log')
    .insert({
      actor_user_id: start.actorUserId,
      action: start.action,
      target_type: start.targetType,
      target_id: start.targetId,
      idempotency_key: start.key,
      request: JSON.stringify(start.request),
      before: JSON.stringify(start.before ?? {}),
      outcome: 'pending',
      created_at: now,
    })
    .onConflict('idempotency_key')
    .merge({ idempotency_key: start.key })
    .returning('id')) as { id: number }[];
  return Number(row!.id);
}

/** Finishes a pending entry (a retry of a finished one leaves the first outcome). */
export async function finishEntry(
  db: Knex,
  id: number,
  end: { outcome: 'ok' | 'failed'; after: unknown; error: string },
  now: Date,
): Promise<void> {
  await db('audit_log')
    .where({ id, outcome: 'pending' })
    .update({
      outcome: end.outcome,
      after: JSON.stringify(end.after ?? {}),
      error: end.error,
      finished_at: now,
    });
}

export function listEntries(
  db: Knex,
  filter: { actorUserId?: number; action?: string; beforeId?: number },
  limit: number,
): Promise<AuditRow[]> {
  const query = db('audit_log').orderBy('id', 'desc').limit(limit);
  if (filter.actorUserId) query.where({ actor_user_id: filter.actorUserId });
  if (filter.action) query.where({ action: filter.action });
  if (filter.beforeId !== undefined) query.where('id', '<', filter.beforeId);
  return query as Promise<AuditRow[]>;
}
