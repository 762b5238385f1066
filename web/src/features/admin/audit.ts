import type { AUDIT_ACTIONS, AdminUser, AuditEntry } from '@touchline/contract';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.ban': 'Ban',
  'user.unban': 'Unban',
  'user.mute': 'Mute',
  'user.unmute': 'Unmute',
  'cashout.status': 'Cash-out status',
  'cards.transfer_to_shop': 'Transfer to shop',
  'user.clear_fraud_hold': 'Clear fraud hold',
  'challenges.create': 'Create challenge',
  'challenges.schedule': 'Schedule challenge',
  'challenges.retire': 'Retire challenge',
  'matchday.results_import': 'Match results import',
};

export const auditActionLabel = (action: string): string =>
  AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/**
 * A day picked in the filter (yyyy-MM-dd, the admin's own calendar) as the instants the server
 * compares: `from` is that day's start, `to` the start of the day after (the whole day included).
 */
export function dayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function dayEnd(day: string): string | undefined {
  const start = dayStart(day);
  if (!start) return undefined;
  const at = new Date(start);
  at.setDate(at.getDate() + 1);
  return at.toISOString();
}

/** The user filter's text: an id, or an e-mail or username of a known user; null: nobody matches. */
export function resolveUser(text: string, users: readonly AdminUser[]): number | undefined | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  if (/^\d+$/.test(wanted)) return Number(wanted);
  const user = users.find((u) => u.email.toLowerCase() === wanted || u.username.toLowerCase() === wanted);
  return user ? user.id : null;
}

const MUTE_LENGTHS: Record<number, string> = {
  3600: '1 hour',
  86400: '24 hours',
  604800: '7 days',
  0: 'permanent',
};

/** What the action asked for, in a line: the status, the reason, the mute's length, the PayPal id. */
export function auditSummary(entry: AuditEntry): string {
  const details = (entry.details ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof details.status === 'string') parts.push(`→ ${details.status}`);
  if (typeof details.durationSeconds === 'number')
    parts.push(MUTE_LENGTHS[details.durationSeconds] ?? `${details.durationSeconds} s`);
  if (typeof details.paypalTransactionId === 'string') parts.push(`PayPal ${details.paypalTransactionId}`);
  if (typeof details.reason === 'string' && details.reason) parts.push(`Reason: ${details.reason}`);
  if (Array.isArray(details.cardIds)) parts.push(`${details.cardIds.length} cards`);
  if (details.transferAllNonMessi === true) parts.push('all non-Messi cards');
  if (typeof details.title === 'string') parts.push(details.title);
  if (entry.error) parts.push(`Error: ${entry.error}`);
  return parts.join(' · ');
}

/** The Target column: what the action was on, as the rest of the admin pages name it. */
export function auditTargetLabel({
  targetType,
  targetId,
}: Pick<AuditEntry, 'targetType' | 'targetId'>): string {
  if (targetType === 'cashout') return `Request #${targetId}`;
  if (targetType === 'user') return `User #${targetId}`;
  // A shop transfer: the cards of one player, by the player's id.
  if (targetType === 'cards') return `Cards of user #${targetId}`;
  if (targetType === 'challenge') return targetId ? `Challenge #${targetId}` : 'New challenge';
  return `${targetType} ${targetId}`;
}
