import type { ReactNode } from 'react';

import type { AdminUser } from '@touchline/contract';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import {
  formatCash,
  formatDate,
  formatDateTime,
  spendLabel,
  userStatus,
  type UserSortKey,
  type UserStatus,
} from '../utils';
import { FlagBadges } from './FraudFlagsPanel';

export type UserColumnId =
  | 'id'
  | 'email'
  | 'coins'
  | 'collectionValue'
  | 'cardCount'
  | 'rank'
  | 'joined'
  | 'spent'
  | 'purchases'
  | 'lastLogin'
  | 'role'
  | 'status'
  | 'flags'
  | 'actions';

export interface UserColumn {
  label: string;
  /** The column's sort, when its header sorts the table. */
  sortKey?: UserSortKey;
  /** Long texts may wrap, so that the table fits a desk's width (1280 px) without scrolling. */
  wraps?: boolean;
  cell: (user: AdminUser, menuFor: (user: AdminUser) => ReactNode) => ReactNode;
}

const statusClasses: Record<UserStatus, string> = {
  Admin: 'border-violet-400/40 bg-violet-500/10 text-violet-200',
  Banned: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  Muted: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  Active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
};

const badge = 'rounded-full border px-2 py-0.5 text-[10px] font-semibold';

/**
 * Every column an admin users table may show, each rendered one way only: whichever screen lists a
 * user, its figures (spend above all) come from the same cell (issue 43 item 8).
 */
export const USER_COLUMNS: Record<UserColumnId, UserColumn> = {
  id: { label: 'ID', sortKey: 'id', cell: (u) => u.id },
  email: {
    label: 'Email',
    sortKey: 'email',
    cell: (u) => (
      <span className="flex flex-col">
        <span className="font-semibold text-slate-100">{u.username}</span>
        <span className="text-slate-400">{u.email}</span>
      </span>
    ),
  },
  coins: { label: 'Coins', sortKey: 'coins', cell: (u) => formatNumber(u.coins) },
  collectionValue: {
    label: 'Collection Value',
    sortKey: 'collectionValue',
    cell: (u) => formatNumber(u.collectionValue),
  },
  cardCount: { label: 'Cards', sortKey: 'cardCount', cell: (u) => u.cardCount },
  rank: { label: 'Rank', cell: (u) => u.rank ?? 'N/A' },
  joined: { label: 'Joined', sortKey: 'createdAt', cell: (u) => formatDate(u.createdAt) },
  // Real money and test payments apart; the Purchases column says 'No purchases' when there are none.
  spent: {
    label: 'Spent',
    sortKey: 'purchaseTotal',
    wraps: true,
    cell: (u) => spendLabel(u, formatCash(0)),
  },
  purchases: {
    label: 'Purchases',
    sortKey: 'purchaseCount',
    cell: (u) =>
      u.purchaseCount + u.testPurchaseCount > 0 ? u.purchaseCount + u.testPurchaseCount : 'No purchases',
  },
  lastLogin: { label: 'Last Login', cell: (u) => formatDateTime(u.lastLoginAt) },
  role: {
    label: 'Role',
    cell: (u) => (
      <span className={cn(badge, u.isAdmin ? statusClasses.Admin : 'border-white/10 text-slate-300')}>
        {u.isAdmin ? 'Admin' : 'User'}
      </span>
    ),
  },
  status: {
    label: 'Status',
    cell: (u) => {
      const status = userStatus(u);
      return (
        <>
          <span className={cn(badge, statusClasses[status])}>{status}</span>
          {u.banReason && (
            <span className="mt-1 block max-w-48 truncate text-[10px] text-slate-400" title={u.banReason}>
              {u.banReason}
            </span>
          )}
          {!u.banned && u.muted && (
            <span className="mt-1 block max-w-48 truncate text-[10px] text-slate-400">
              {u.mutedUntil ? `Until ${formatDate(u.mutedUntil)}` : 'Permanent'}
              {u.muteReason ? ` · ${u.muteReason}` : ''}
            </span>
          )}
        </>
      );
    },
  },
  flags: { label: 'Flags', cell: (u) => <FlagBadges flags={u.flags} /> },
  actions: { label: 'Actions', cell: (u, menuFor) => menuFor(u) },
};
