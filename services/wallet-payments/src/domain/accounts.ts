import { invalid } from '@touchline/kit';
import { PLATFORM_ACCOUNTS, userAccount, userIdOf } from '@touchline/rules';

export { PLATFORM, PLATFORM_ACCOUNTS, userIdOf, type PlatformAccount } from '@touchline/rules';

export type AccountKind = 'user' | 'platform';

/** "user:{id}" of a caller's user id, refused when the id is not a positive integer (0 is the market). */
export function checkedUserAccount(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw invalid('user_id must be a positive integer');
  return userAccount(userId);
}

/** The kind of an account name, or undefined when the name is no account at all. */
export function accountKind(account: string): AccountKind | undefined {
  if (userIdOf(account) !== undefined) return 'user';
  return (PLATFORM_ACCOUNTS as readonly string[]).includes(account) ? 'platform' : undefined;
}

/** The user accounts among `names`, each once, in name order (the wallet's lock order). */
export function userAccountsIn(names: readonly string[]): string[] {
  return [...new Set(names)].filter((name) => accountKind(name) === 'user').sort();
}

/** The name itself when it is an account; an INVALID_ARGUMENT naming the field otherwise. */
export function checkAccount(account: string, field: string): string {
  if (accountKind(account) === undefined)
    throw invalid(`${field} must be "user:{id}" or one of ${PLATFORM_ACCOUNTS.join(', ')}`);
  return account;
}
