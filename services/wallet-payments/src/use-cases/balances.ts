import { userAccount } from '@touchline/rules';
import { invalid } from '@touchline/kit';
import type { GetBalanceResponse__Output as GetBalanceResponse } from '@touchline/protos/gen/touchline/wallet/GetBalanceResponse';
import type { GetBalancesResponse__Output as GetBalancesResponse } from '@touchline/protos/gen/touchline/wallet/GetBalancesResponse';
import { findAccounts } from '../db/accounts';
import { spendable } from '../domain/funds';
import type { WalletDeps } from './deps';

const MAX_USERS_PER_REQUEST = 1_000;

/**
 * Reads are lenient: an id that has no account (never credited, or no valid user id at all) simply
 * has 0 coins, so composing callers never fail on a user the wallet has not seen.
 */
async function accountsOf(deps: WalletDeps, userIds: readonly number[]) {
  return findAccounts(deps.db, userIds.map(userAccount));
}

export async function getBalance(deps: WalletDeps, userId: number): Promise<GetBalanceResponse> {
  const row = (await accountsOf(deps, [userId])).get(userAccount(userId));
  return { userId, coins: row ? spendable(row) : 0, heldCoins: row?.held ?? 0 };
}

/** Spendable coins of each user, in the order asked. */
export async function getBalances(
  deps: WalletDeps,
  userIds: readonly number[],
): Promise<GetBalancesResponse> {
  if (userIds.length > MAX_USERS_PER_REQUEST)
    throw invalid(`at most ${MAX_USERS_PER_REQUEST} user ids per request`);
  const rows = await accountsOf(deps, userIds);
  return {
    balances: userIds.map((userId) => {
      const row = rows.get(userAccount(userId));
      return { userId, coins: row ? spendable(row) : 0 };
    }),
  };
}
