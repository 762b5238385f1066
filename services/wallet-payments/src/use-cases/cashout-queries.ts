import { invalid, notFound } from '@touchline/kit';
import {
  cashOutCents,
  CASH_OUT_SHARE,
  coinsToCents,
  COINS_PER_DOLLAR,
  MIN_CASH_OUT_COINS,
} from '@touchline/rules';
import type { GetAdminWalletResponse__Output as GetAdminWalletResponse } from '@touchline/protos/gen/touchline/wallet/GetAdminWalletResponse';
import type { GetCashoutEligibilityResponse__Output as GetCashoutEligibilityResponse } from '@touchline/protos/gen/touchline/wallet/GetCashoutEligibilityResponse';
import type { ListAllCashoutsResponse__Output as ListAllCashoutsResponse } from '@touchline/protos/gen/touchline/wallet/ListAllCashoutsResponse';
import type { ListMyCashoutsResponse__Output as ListMyCashoutsResponse } from '@touchline/protos/gen/touchline/wallet/ListMyCashoutsResponse';
import { findAccounts } from '../db/accounts';
import {
  cashedOutCents,
  findCashout,
  hasRequestInMonth,
  listCashouts,
  platformFundsCents,
} from '../db/cashouts';
import { purchaseSummaries } from '../db/purchases';
import { PLATFORM, checkedUserAccount } from '../domain/accounts';
import { backingPurchases, CASHOUT_NOT_FOUND, CASHOUT_STATUSES, type CashoutStatus } from '../domain/cashout';
import { cashoutRequirements, maxCashoutCoins } from '../domain/cashout-requirements';
import { monthOf } from '../domain/et-month';
import { spendable } from '../domain/funds';
import { cashoutMessage, purchaseTotals } from './cashout-message';
import type { WalletDeps } from './deps';

export async function listMyCashouts(deps: WalletDeps, userId: number): Promise<ListMyCashoutsResponse> {
  checkedUserAccount(userId);
  return { cashouts: (await listCashouts(deps.db, { userId })).map(cashoutMessage) };
}

export async function listAllCashouts(deps: WalletDeps, status: string): Promise<ListAllCashoutsResponse> {
  if (status && !(CASHOUT_STATUSES as readonly string[]).includes(status))
    throw invalid('status must be one of pending, processing, completed, rejected');
  const rows = await listCashouts(deps.db, { status: (status || undefined) as CashoutStatus | undefined });
  return { cashouts: rows.map(cashoutMessage) };
}

export async function getCashout(deps: WalletDeps, requestId: number) {
  const row = await findCashout(deps.db, requestId);
  if (!row) throw notFound(CASHOUT_NOT_FOUND);
  return cashoutMessage(row);
}

/**
 * What the cash-out form shows before any amount is typed: each requirement met, unmet (with what it
 * takes) or not applicable, and the largest amount a request may have now. RequestCashout decides
 * again under the player's lock.
 */
export async function cashoutEligibility(
  deps: WalletDeps,
  userId: number,
  /** The amount typed on the form (0: none yet); the amount-dependent rules are judged for it. */
  coinsAmount = 0,
): Promise<GetCashoutEligibilityResponse> {
  const account = checkedUserAccount(userId);
  const month = monthOf(deps.clock.now());
  const realOnly = deps.paymentsMode === 'live';
  const [[summary], rows, requestedThisMonth, cashedOut, platformFunds] = await Promise.all([
    purchaseSummaries(deps.db, [userId]),
    findAccounts(deps.db, [account]),
    hasRequestInMonth(deps.db, userId, month.key),
    cashedOutCents(deps.db, userId, realOnly),
    platformFundsCents(deps.db, realOnly),
  ]);
  const row = rows.get(account);
  const coins = row ? spendable(row) : 0;
  // In a live deployment test payments count toward nothing, here as in RequestCashout.
  const purchases = backingPurchases(deps.paymentsMode, purchaseTotals(summary));
  const situation = {
    balance: coins,
    purchaseCount: purchases.count,
    purchaseTotalCents: purchases.totalCents,
    cashedOutCents: cashedOut,
    requestedThisMonth,
    nextMonthStart: month.end,
    platformFundsCents: platformFunds,
  };
  const requirements = cashoutRequirements(situation, coinsAmount);
  const reasons = requirements.filter((r) => r.state === 'unmet').map((r) => r.detail);
  return {
    eligible: reasons.length === 0,
    reasons,
    requirements,
    maxCoins: maxCashoutCoins(situation),
    minCoins: MIN_CASH_OUT_COINS,
    coinsPerUsd: COINS_PER_DOLLAR,
    payoutRate: CASH_OUT_SHARE,
    purchaseCount: purchases.count,
    purchaseTotalCents: purchases.totalCents,
    requestedThisMonth,
    coins,
    minCashCents: cashOutCents(MIN_CASH_OUT_COINS),
    nextRequestFrom: requestedThisMonth ? month.end.toISOString() : '',
  };
}

/** The profit wallet (platform:profit) in coins and dollars, and the admin's own spendable coins. */
export async function adminWallet(deps: WalletDeps, userId: number): Promise<GetAdminWalletResponse> {
  const account = checkedUserAccount(userId);
  const rows = await findAccounts(deps.db, [PLATFORM.profit, account]);
  const profit = Number(rows.get(PLATFORM.profit)?.balance ?? 0);
  const mine = rows.get(account);
  return { profitWallet: profit, profitWalletCents: coinsToCents(profit), coins: mine ? spendable(mine) : 0 };
}
