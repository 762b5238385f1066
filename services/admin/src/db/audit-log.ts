import type { Knex } from 'knex';

export type Outcome = 'pending' | 'ok' | 'failed';

export interface AuditRow {
  id: number;
  actor_user_id: number;
  action: string;
  target_type: string;
  target_id: string;
  /** The user the entry is about (a moderated user, a cash-out's requester); null: none. */
  subject_user_id: number | null;
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
  /** The user the action is about, for the log's user filter; omitted: none. */
  subjectUserId?: number;
  key: string;
  request: unknown;
  before: unknown;
}

/**
 * Records an action as pending before it runs; a retry of the same key reuses its entry, and gets
 * its first start time back (a mute's end is counted from it, so a retry sets the same end).
 */
export async function startEntry(
  db: Knex,
  start: AuditStart,
  now: Date,
): Promise<{ id: number; startedAt: Date }> {
  const [row] = (await db('audit_log')
    .insert({
      actor_user_id: start.actorUserId,
      action: start.action,
      target_type: start.targetType,
      target_id: start.targetId,
      subject_user_id: start.subjectUserId ?? null,
      idempotency_key: start.key,
      request: JSON.stringify(start.request),
      before: JSON.stringify(start.before ?? {}),
      outcome: 'pending',
      created_at: now,
    })
    .onConflict('idempotency_key')
    .merge({ idempotency_key: start.key })
    .returning(['id', 'created_at'])) as { id: number; created_at: Date }[];
  return { id: Number(row!.id), startedAt: new Date(row!.created_at) };
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

export interface AuditFilter {
  actorUserId?: number;
  action?: string;
  subjectUserId?: number;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  beforeId?: number;
}

/** Newest first (by id, which follows the start time), every filter combined. */
export function listEntries(db: Knex, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const query = db('audit_log').orderBy('id', 'desc').limit(limit);
  if (filter.actorUserId) query.where({ actor_user_id: filter.actorUserId });
  if (filter.action) query.where({ action: filter.action });
  if (filter.subjectUserId) query.where({ subject_user_id: filter.subjectUserId });
  if (filter.from) query.where('created_at', '>=', filter.from);
  if (filter.to) query.where('created_at', '<', filter.to);
  if (filter.beforeId !== undefined) query.where('id', '<', filter.beforeId);
  return query as Promise<AuditRow[]>;
}

/** The finished moves of one cash-out request, oldest first (its history on the review screen). */
export function cashoutEntries(db: Knex, requestIds: number[]): Promise<AuditRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db('audit_log')
    .where({ target_type: 'cashout', action: 'cashout.status', outcome: 'ok' })
    .whereIn('target_id', requestIds.map(String))
    .orderBy('id', 'asc') as Promise<AuditRow[]>;
}
