// Ids and ledger account names every service shares (docs/design.md#3-money-one-ledger), defined once. Pure: no
// gRPC or runtime code, so domain modules and the rules may import it.

/** The owner id of a card the market itself holds (direct buys, packs' supply). Never a wallet owner. */
export const MARKET_USER_ID = 0;

/** The platform's own ledger accounts. They may go negative; a user account never does. */
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

/** The ledger account of a user: "user:{id}". */
export const userAccount = (userId: number): string => `user:${userId}`;

const USER_ACCOUNT = /^user:([1-9][0-9]*)$/;

/** The user id of a user account name; undefined for platform accounts and non-accounts. */
export function userIdOf(account: string): number | undefined {
  const match = USER_ACCOUNT.exec(account);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}
