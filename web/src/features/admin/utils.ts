import { format, isValid, parseISO } from 'date-fns';

import type { AdminCashoutRequest, AdminUser, CashoutStatus, TradeRecord } from '@touchline/contract';
import {
  CASH_OUT_PERCENT,
  coinsToDollars,
  SALE_FEE_PERCENT_ABOVE,
  SALE_FEE_PERCENT_AT_OR_BELOW,
  TRADE_FEE_PERCENT,
} from '@touchline/rules';

// ---------------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------------

/** 'MMM d, yyyy at h:mm a', or N/A when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = parseISO(value);
  return isValid(date) ? format(date, "MMM d, yyyy 'at' h:mm a") : 'N/A';
}

/** 'MMM d, yyyy' (Joined), or N/A. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'N/A';
}

const cashFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars with two decimals and a dollar sign: 5.3 → '$5.30'. */
export function formatCash(dollars: number): string {
  return `$${cashFormat.format(dollars)}`;
}

/** The profit wallet's dollar figure at 2,273 coins per dollar (docs/design.md#3-money-one-ledger). */
export const profitWalletDollars = (coins: number): number => coinsToDollars(coins);

/** The spec's note ('Includes 2.5% fee from all P2P transactions and 12% fee from cashouts'), from the rules. */
export const PROFIT_WALLET_NOTE = `Includes ${TRADE_FEE_PERCENT}% fee from all P2P transactions and ${100 - CASH_OUT_PERCENT}% fee from cashouts`;
/** The wallet's third income, which the spec's note leaves out: the market's fee on every card sale. */
export const PROFIT_WALLET_SALES_NOTE = `It also takes the ${SALE_FEE_PERCENT_AT_OR_BELOW}–${SALE_FEE_PERCENT_ABOVE}% marketplace fee from every card sale.`;

// ---------------------------------------------------------------------------------------------------------
// Cash-out review
// ---------------------------------------------------------------------------------------------------------

/** The user cell: the user's e-mail, or 'User {id}' when it could not be read. */
/** The requester by username with the e-mail (the spec's user column); 'User {id}' if unknown. */
export const requesterLabel = (request: AdminCashoutRequest): string => {
  if (!request.user) return `User ${request.userId}`;
  const { username, email } = request.user;
  return username ? `${username} (${email})` : email;
};

export interface CashoutTab {
  status: CashoutStatus;
  label: string;
  empty: string;
  /** Pending and processing show a count badge when not empty. */
  badge: boolean;
}

export const CASHOUT_TABS: readonly CashoutTab[] = [
  { status: 'pending', label: 'Pending', empty: 'No pending requests to review.', badge: true },
  { status: 'processing', label: 'Processing', empty: 'No requests currently being processed.', badge: true },
  { status: 'completed', label: 'Completed', empty: 'No completed cashout requests.', badge: false },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected cashout requests.', badge: false },
];

/** A status an admin may move a request to, with its menu item, confirmation and button. */
export interface CashoutAction {
  to: CashoutStatus;
  label: string;
  title: string;
  confirmation: string;
  confirmLabel: string;
}

export const START_PROCESSING: CashoutAction = {
  to: 'processing',
  label: 'Start Processing',
  title: 'Start Processing',
  confirmation: 'This will mark the request as "processing" and begin the payment process. Continue?',
  confirmLabel: 'Start Processing',
};
export const REJECT: CashoutAction = {
  to: 'rejected',
  label: 'Reject Request',
  title: 'Reject Request',
  confirmation:
    'This will reject the cashout request and refund the coins to the user. This action cannot be undone.',
  confirmLabel: 'Reject Request',
};
export const COMPLETE: CashoutAction = {
  to: 'completed',
  label: 'Mark as Completed',
  title: 'Mark as Completed',
  confirmation: 'This confirms that payment has been sent to the user via PayPal. Continue?',
  confirmLabel: 'Confirm Payment Sent',
};

/** pending → processing | rejected; processing → completed | rejected; the rest are final. */
export function actionsFor(status: CashoutStatus): CashoutAction[] {
  if (status === 'pending') return [START_PROCESSING, REJECT];
  if (status === 'processing') return [COMPLETE, REJECT];
  return [];
}

/** What the admin writes in the PayPal payment's memo. */
export const paypalMemo = (request: AdminCashoutRequest): string => `Touchline Cashout #${request.id}`;

// ---------------------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------------------

export type UserStatus = 'Admin' | 'Banned' | 'Muted' | 'Active';

const TRADE_TYPE_LABELS: Record<TradeRecord['tradeType'], string> = {
  market_sale: 'Market Sale',
  market_buy: 'Market Buy',
  trade: 'Trade',
  auction: 'Auction',
};

/** The Type column of a user's trade history, as /trade-history labels it. */
export const tradeTypeLabel = (type: TradeRecord['tradeType']): string => TRADE_TYPE_LABELS[type] ?? type;

/** The badge: Admin, then Banned, then Muted, else Active. */
export function userStatus(user: Pick<AdminUser, 'isAdmin' | 'banned' | 'muted'>): UserStatus {
  if (user.isAdmin) return 'Admin';
  if (user.banned) return 'Banned';
  if (user.muted) return 'Muted';
  return 'Active';
}

/** Case-insensitive e-mail search (User Management). */
export function filterByEmail(users: readonly AdminUser[], search: string): AdminUser[] {
  const wanted = search.trim().toLowerCase();
  return wanted ? users.filter((u) => u.email.toLowerCase().includes(wanted)) : [...users];
}

/** Case-insensitive e-mail or username search (the Users tab of /admin). */
export function filterByEmailOrUsername(users: readonly AdminUser[], search: string): AdminUser[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [...users];
  return users.filter(
    (u) => u.email.toLowerCase().includes(wanted) || u.username.toLowerCase().includes(wanted),
  );
}

export interface ModerationAction {
  kind: 'ban' | 'mute';
  value: boolean;
  label: string;
  confirmation: string;
}

export function moderationActions(user: AdminUser): ModerationAction[] {
  return [
    user.banned
      ? {
          kind: 'ban',
          value: false,
          label: 'Unban User',
          confirmation: 'This will allow the user to access the platform again.',
        }
      : {
          kind: 'ban',
          value: true,
          label: 'Ban User',
          confirmation: 'This will prevent the user from accessing the platform.',
        },
    user.muted
      ? {
          kind: 'mute',
          value: false,
          label: 'Unmute User',
          confirmation: 'This will allow the user to send messages again.',
        }
      : {
          kind: 'mute',
          value: true,
          label: 'Mute User',
          confirmation: 'This will prevent the user from sending messages to other users.',
        },
  ];
}

export const SORTABLE_USER_COLUMNS = [
  'id',
  'email',
  'coins',
  'cardCount',
  'collectionValue',
  'createdAt',
  'purchaseTotal',
  'purchaseCount',
] as const;
export type UserSortKey = (typeof SORTABLE_USER_COLUMNS)[number];
export interface UserSort {
  key: UserSortKey;
  direction: 'asc' | 'desc';
}

/** The same column toggles the direction; a new column starts ascending. */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

export function sortUsers(users: readonly AdminUser[], sort: UserSort): AdminUser[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = (u: AdminUser): number | string =>
    sort.key === 'createdAt'
      ? Date.parse(u.createdAt) || 0
      : sort.key === 'email'
        ? u.email.toLowerCase()
        : u[sort.key];
  return [...users].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return order * sign || a.id - b.id;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Transfer to shop
// ---------------------------------------------------------------------------------------------------------

export const TRANSFER_ALL_CONFIRMATION =
  'Are you sure you want to transfer ALL non-Messi cards to the shop? This cannot be undone.';
export const transferSelectedConfirmation = (count: number) =>
  `Are you sure you want to transfer ${count} selected cards to the shop? This cannot be undone.`;
export const transferredMessage = (transferred: number, remaining: number) =>
  `Successfully transferred ${transferred} cards to the shop. You have ${remaining} cards remaining.`;

const purchases = (n: number) => `${n} ${n === 1 ? 'purchase' : 'purchases'}`;

/**
 * What a user spent, as every admin table says it (issue 43): real money, and test payments apart
 * (no money taken) rather than "$0.00" beside a player who paid three times in a test deployment.
 */
export function spendLabel(
  user: Pick<AdminUser, 'purchaseTotal' | 'purchaseCount' | 'testPurchaseTotal' | 'testPurchaseCount'>,
  /** What to say when there are none (the Users tab says it in its Purchases column). */
  none = 'No purchases',
): string {
  const real =
    user.purchaseCount > 0 ? `${formatCash(user.purchaseTotal)} (${purchases(user.purchaseCount)})` : '';
  const test =
    user.testPurchaseCount > 0
      ? `${formatCash(user.testPurchaseTotal)} in test payments (${purchases(user.testPurchaseCount)})`
      : '';
  return [real, test].filter(Boolean).join(' + ') || none;
}
