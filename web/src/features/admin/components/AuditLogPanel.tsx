import { useId, useState } from 'react';

import { AUDIT_ACTIONS, type AdminUser, type AuditEntry } from '@touchline/contract';
import { LoadMoreButton } from '@/components/LoadMoreButton';
import { Input, Label } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useAdminUsers, useAuditLog, type AuditLogFilter } from '@/lib/data/admin';
import { itemsOf } from '@/lib/data/pages';
import { cn } from '@/lib/cn';

import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditTargetLabel,
  auditSummary,
  dayEnd,
  dayStart,
  resolveUser,
  type AuditAction,
} from '../audit';
import { formatDateTime } from '../utils';

const cell = 'px-3 py-2 align-top';
const HEADERS = ['When', 'Admin', 'Action', 'User', 'Target', 'Outcome', 'Details'];

const outcomeClasses: Record<string, string> = {
  ok: 'text-emerald-300',
  failed: 'text-rose-300',
  pending: 'text-amber-300',
};

/** The Audit Log tab: every admin action, newest first, filtered by admin, action, user and dates. */
export function AuditLogPanel() {
  const users = useAdminUsers(true);
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [userText, setUserText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const ids = {
    actor: useId(),
    action: useId(),
    user: useId(),
    userHint: useId(),
    from: useId(),
    to: useId(),
  };

  const known = users.data ?? [];
  const subject = resolveUser(userText, known);
  const filter: AuditLogFilter = {
    ...(actor ? { actorUserId: Number(actor) } : {}),
    ...(action ? { action: action as AuditAction } : {}),
    ...(subject ? { userId: subject } : {}),
    ...(dayStart(from) ? { from: dayStart(from) } : {}),
    ...(dayEnd(to) ? { to: dayEnd(to) } : {}),
  };
  const badRange = Boolean(filter.from && filter.to && filter.from >= filter.to);
  const log = useAuditLog(filter, subject !== null && !badRange);
  const names = new Map(known.map((u) => [u.id, u]));
  const admins = known.filter((u) => u.isAdmin);

  return (
    <div className="flex flex-col gap-3">
      <form
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.actor}>Admin</Label>
          <Select id={ids.actor} value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">All admins</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.action}>Action</Label>
          <Select id={ids.action} value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.user}>User</Label>
          <Input
            id={ids.user}
            value={userText}
            onChange={(e) => setUserText(e.target.value)}
            placeholder="E-mail, username or ID"
            aria-invalid={subject === null || undefined}
            aria-describedby={ids.userHint}
          />
          <p id={ids.userHint} className={cn('text-xs', subject === null ? 'text-rose-300' : 'sr-only')}>
            {subject === null ? 'No user with that e-mail or username' : 'The user an action was about'}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.from}>From</Label>
          <Input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.to}>To</Label>
          <Input
            id={ids.to}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={badRange || undefined}
          />
          {badRange && <p className="text-xs text-rose-300">The end is before the start</p>}
        </div>
      </form>
      <Entries log={log} names={names} idle={subject === null || badRange} />
    </div>
  );
}

function Entries({
  log,
  names,
  idle,
}: {
  log: ReturnType<typeof useAuditLog>;
  names: Map<number, AdminUser>;
  idle: boolean;
}) {
  if (idle) return null;
  if (log.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (log.isError)
    return (
      <p role="alert" className="py-6 text-center text-sm text-rose-300">
        {`Error loading the audit log: ${errorMessage(log.error)}`}
      </p>
    );
  const entries = itemsOf(log.data, (entry) => entry.id);
  if (entries.length === 0)
    return <p className="py-8 text-center text-sm text-slate-400">No admin actions match these filters.</p>;
  const who = (id: number | null) => {
    if (!id) return '—';
    const user = names.get(id);
    return user ? user.email : `User ${id}`;
  };
  return (
    <>
      {/* Focusable: at phone width the table scrolls sideways, by keyboard too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Audit log entries"
        className="overflow-x-auto rounded-xl border border-white/5 focus:ring-2 focus:ring-emerald-500/40 focus:outline-none"
      >
        <table aria-label="Audit log" className="w-full text-left text-xs text-slate-200">
          <thead className="bg-slate-900 text-slate-400">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className={cn(cell, 'whitespace-nowrap')}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry: AuditEntry) => (
              <tr key={entry.id} data-testid={`audit-${entry.id}`} className="border-t border-white/5">
                <td className={cn(cell, 'whitespace-nowrap')}>{formatDateTime(entry.createdAt)}</td>
                <td className={cell}>{who(entry.actorUserId)}</td>
                <td className={cn(cell, 'whitespace-nowrap')}>{auditActionLabel(entry.action)}</td>
                <td className={cell}>{who(entry.subjectUserId)}</td>
                <td className={cn(cell, 'whitespace-nowrap')}>{auditTargetLabel(entry)}</td>
                <td className={cn(cell, 'font-semibold capitalize', outcomeClasses[entry.outcome])}>
                  {entry.outcome}
                </td>
                <td className={cn(cell, 'min-w-48 [overflow-wrap:anywhere]')}>{auditSummary(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={log} />
    </>
  );
}
