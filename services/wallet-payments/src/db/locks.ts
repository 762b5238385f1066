import type { Knex } from 'knex';
import { ensureAccounts, lockAccounts, type AccountRow } from './accounts';

/**
 * The wallet's lock order: the user's account row first, then everything else (requests, platform
 * accounts). Every cash-out step takes its locks through here, so a step never holds a platform
 * account while it waits for a user.
 */
export async function lockUserAccount(trx: Knex.Transaction, account: string): Promise<AccountRow> {
  await ensureAccounts(trx, [account]);
  return (await lockAccounts(trx, [account])).get(account)!;
}
