import { invalid } from '@touchline/kit';
import type { GetPurchaseSummariesResponse__Output as GetPurchaseSummariesResponse } from '@touchline/protos/gen/touchline/wallet/GetPurchaseSummariesResponse';
import type { GetPurchaseSummaryResponse__Output as GetPurchaseSummaryResponse } from '@touchline/protos/gen/touchline/wallet/GetPurchaseSummaryResponse';
import { purchaseSummaries, type SummaryRow } from '../db/purchases';
import { purchaseTotals } from './cashout-message';
import type { WalletDeps } from './deps';

const MAX_USERS_PER_REQUEST = 1_000;

/** Real purchases and test payments apart: an admin must never take test payments for money. */
function summaryOf(userId: number, row: SummaryRow | undefined) {
  const totals = purchaseTotals(row);
  return {
    userId,
    purchaseCount: totals.count,
    totalCents: totals.totalCents,
    testPurchaseCount: totals.testCount,
    testTotalCents: totals.testTotalCents,
  };
}

/** Completed purchases of one user (cash-out rules: at least 3, and a total above the cash amount). */
export async function getPurchaseSummary(
  deps: WalletDeps,
  userId: number,
): Promise<GetPurchaseSummaryResponse> {
  const [row] = await purchaseSummaries(deps.db, [userId]);
  return { summary: summaryOf(userId, row) };
}

/** Per user in the order asked (0 for none), or every user with a purchase when no ids are given. */
export async function getPurchaseSummaries(
  deps: WalletDeps,
  userIds: readonly number[],
): Promise<GetPurchaseSummariesResponse> {
  if (userIds.length > MAX_USERS_PER_REQUEST)
    throw invalid(`at most ${MAX_USERS_PER_REQUEST} user ids per request`);
  const rows = await purchaseSummaries(deps.db, userIds.length > 0 ? userIds : undefined);
  const byUser = new Map(rows.map((r) => [Number(r.user_id), r]));
  const ids = userIds.length > 0 ? userIds : [...byUser.keys()];
  return {
    summaries: ids.map((userId) => summaryOf(userId, byUser.get(userId))),
  };
}
