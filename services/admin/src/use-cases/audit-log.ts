import { idCursors, pageSize } from '@touchline/kit';
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
    detailsJson: json(row.request),
    outcome: row.outcome,
    createdAt: row.created_at.toISOString(),
    beforeJson: json(row.before),
    afterJson: json(row.after),
    error: row.error,
    finishedAt: row.finished_at ? row.finished_at.toISOString() : '',
  };
}

/** The audit log, newest first, optionally of one admin and/or one action, a page at a time. */
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
