import type { ReactNode } from 'react';

import type { AdminUser } from '@touchline/contract';
import { formatNumber } from '@/lib/format';

import { formatCash, formatDate, formatDateTime, userStatus } from '../utils';
import { AdminDialog } from './AdminDialog';
import { FlagBadges } from './FraudFlagsPanel';

/** 'View Profile' of User Management: everything the admin list knows of one user, spending limit included. */
export function UserProfileDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <AdminDialog title="User Profile" open={user !== null} onClose={onClose}>
      {user && <ProfileFields user={user} />}
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
    [
      'Spent',
      user.purchaseCount > 0
        ? `${formatCash(user.purchaseTotal)} (${user.purchaseCount} purchases)`
        : 'No purchases',
    ],
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
