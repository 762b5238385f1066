import { invalid } from '@touchline/kit';

/** The platform's own accounts (design.md section 3). They may go negative; a user account never does. */
export const PLATFORM = {
  /** Source of every coin that enters the game (purchases, rewards, grants): its balance is minus the supply. */
  mint: 'platform:mint',
  /** Fees of sales, trades and cash-outs. */
  profit: 'platform:profit',
  /** Revenue of direct market sales and packs. */
  market: 'platform:market',
  cashoutPending: 'platform:cashout-pending',
  paidOut: 'platform:paid-out',
} as const;

export type PlatformAccount = (typeof PLATFORM)[keyof typeof PLATFORM];
export const PLATFORM_ACCOUNTS: readonly PlatformAccount[] = Object.values(PLATFORM);

export type AccountKind = 'user' | 'platform';

const USER_ACCOUNT = /^user:([1-9][0-9]*)$/;

function isUserId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** "user:{id}"; a user id is a positive integer (0 is the market in cards-market, never a wallet owner). */
export function userAccount(userId: number): string {
  if (!isUserId(userId)) throw invalid('user_id must be a positive integer');
  return `user:${userId}`;
}

/** The user id of a user account name; undefined for platform accounts and non-accounts. */
export function userIdOf(account: string): number | undefined {
  const match = USER_ACCOUNT.exec(account);
  if (!match) return undefined;
  const id = Number(match[1]);
  return isUserId(id) ? id : undefined;
}

/** The kind of an account name, or undefined when the name is no account at all. */
export function accountKind(account: string): AccountKind | undefined {
  if (userIdOf(account) !== undefined) return 'user';
  return (PLATFORM_ACCOUNTS as readonly string[]).includes(account) ? 'platform' : undefined;
}

/** The name itself when it is an account; an INVALID_ARGUMENT naming the field otherwise. */
export function checkAccount(account: string, field: string): string {
  if (accountKind(account) === undefined)
    throw invalid(`${field} must be "user:{id}" or one of ${PLATFORM_ACCOUNTS.join(', ')}`);
  return account;
}
