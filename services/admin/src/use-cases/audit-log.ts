import { idCursors, invalid, pageSize } from '@touchline/kit';
import type { AuditEntry } from '@touchline/protos/gen/touchline/admin/AuditEntry';
import type { ListAuditLogRequest__Output } from '@touchline/protos/gen/touchline/admin/ListAuditLogRequest';
import { listEntries, type AuditRow } from '../db/audit-log';
import type { AdminDeps } from './deps';
import { requireAdmin } from './require-admin';

const auditPages = idCursors('audit-log');

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

function entryMessage(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    actorUserId: Number(row.actor_user_id),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    subjectUserId: Number(row.subject_user_id ?? 0),
    detailsJson: json(row.request),
    outcome: row.outcome,
    createdAt: row.created_at.toISOString(),
    beforeJson: json(row.before),
    afterJson: json(row.after),
    error: row.error,
    finishedAt: row.finished_at ? row.finished_at.toISOString() : '',
  };
}

/** An optional bound of the date filter: '' = none; anything but a date is refused. */
function dateOf(text: string, name: string): Date | undefined {
  if (!text) return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw invalid(`${name} must be an ISO-8601 date`);
  return at;
}

/**
 * The audit log, newest first, a page at a time; optionally of one admin, one action, one user (the
 * user an entry is about: moderated, or a cash-out's requester) and a time range [from, to).
 */
export async function listAuditLog(
  deps: AdminDeps,
  request: ListAuditLogRequest__Output,
): Promise<{ entries: AuditEntry[]; nextCursor: string }> {
  await requireAdmin(deps, request.userId);
  const size = pageSize(request.page?.pageSize ?? 0);
  const rows = await listEntries(
    deps.db,
    {
      actorUserId: request.actorUserId || undefined,
      action: request.action || undefined,
      subjectUserId: Number(request.subjectUserId) || undefined,
      from: dateOf(request.from, 'from'),
      to: dateOf(request.to, 'to'),
      beforeId: auditPages.decode(request.page?.cursor ?? ''),
    },
    size + 1,
  );
  const page = rows.slice(0, size);
  return {
    entries: page.map(entryMessage),
    nextCursor: rows.length > size ? auditPages.encode(Number(page[page.length - 1]!.id)) : '',
  };
}
