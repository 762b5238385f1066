import { ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';

import type { AdminUser } from '@touchline/contract';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useAdminUserFlags, useClearFraudHold } from '@/lib/data/admin';
import { formatNumber } from '@/lib/format';

import { formatCash, formatDate, formatDateTime, spendLabel, userStatus } from '../utils';
import { AdminDialog } from './AdminDialog';
import { FlagBadges } from './FraudFlagsPanel';

/** 'View Profile' of User Management: everything the admin list knows of one user, spending limit included. */
export function UserProfileDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <AdminDialog title="User Profile" open={user !== null} onClose={onClose}>
      {user && <ProfileFields user={user} />}
      {user && <ReviewHold userId={user.id} />}
    </AdminDialog>
  );
}

function ProfileFields({ user }: { user: AdminUser }) {
  const rows: [string, ReactNode][] = [
    ['ID', user.id],
    ['Username', user.username],
    ['Email', user.email],
    ['Status', userStatus(user)],
    ['Coins', formatNumber(user.coins)],
    ['Collection Value', formatNumber(user.collectionValue)],
    ['Cards', formatNumber(user.cardCount)],
    ['Rank', user.rank ?? 'N/A'],
    ['Joined', formatDate(user.createdAt)],
    ['Last Login', formatDateTime(user.lastLoginAt)],
    ['Spent', spendLabel(user)],
    ['Monthly Spending Limit', user.spendingLimit === null ? 'No limit set' : formatCash(user.spendingLimit)],
    ['Flags', <FlagBadges key="flags" flags={user.flags} />],
  ];
  return (
    <dl aria-label="Profile" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-400">{label}</dt>
          <dd className="min-w-0 break-words text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The wallet's review hold (docs/design.md#6-security): a high-severity flag stops the user's coins
 * to other players and cash-outs until an admin who looked at the account clears it here.
 */
function ReviewHold({ userId }: { userId: number }) {
  const report = useAdminUserFlags(userId);
  const clear = useClearFraudHold();
  const [asking, setAsking] = useState(false);
  // One key per confirmed clearance: a retry after a lost answer clears (and logs) once.
  const [key, setKey] = useState<string | null>(null);

  if (report.isPending) return <p className="mt-3 text-sm text-slate-400">Loading review hold…</p>;
  if (report.isError) return <p className="mt-3 text-sm text-slate-400">Review hold unavailable.</p>;
  const { hold } = report.data;

  function confirm() {
    const idempotencyKey = key ?? newIdempotencyKey();
    setKey(idempotencyKey);
    clear.mutate(
      { userId, idempotencyKey },
      {
        onSuccess: () => {
          setAsking(false);
          setKey(null);
          toast.success('Hold cleared', { description: 'The user can send coins and cash out again.' });
        },
        onError: (error) => toast.error('Action failed', { description: errorMessage(error) }),
      },
    );
  }

  if (!hold.held)
    return (
      <p aria-label="Review hold" className="mt-3 text-sm text-slate-400">
        {hold.clearedAt
          ? `Review hold cleared ${formatDateTime(hold.clearedAt)}.`
          : 'No review hold on outgoing coins.'}
      </p>
    );
  return (
    <section
      aria-label="Review hold"
      className="mt-3 rounded-xl border border-rose-500/40 bg-rose-500/10 p-3"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-rose-100">
        <ShieldAlert aria-hidden className="size-4" />
        Outgoing coins and cash-outs on hold
      </h3>
      <p className="mt-1 text-xs text-rose-200">Since {formatDateTime(hold.heldAt)}</p>
      <p className="mt-1 text-sm break-words text-slate-100">{hold.reason}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => setAsking(true)}>
        Clear Hold
      </Button>
      <ConfirmDialog
        open={asking}
        title="Clear Review Hold"
        description="The user will be able to send coins to other players and request cash-outs again. The same flags will not hold the account again; new evidence will. This is written to the audit log."
        confirmLabel="Clear Hold"
        busy={clear.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
