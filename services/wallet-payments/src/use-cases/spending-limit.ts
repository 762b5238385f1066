import { invalid, inTransaction, type Db } from '@touchline/kit';
import type { SetSpendingLimitRequest__Output } from '@touchline/protos/gen/touchline/wallet/SetSpendingLimitRequest';
import type { SpendingLimit__Output as SpendingLimit } from '@touchline/protos/gen/touchline/wallet/SpendingLimit';
import {
  findLimits,
  lockLimit,
  saveLimit,
  spentBetween,
  stateOf,
  type SpendingLimitRow,
} from '../db/spending-limits';
import { checkedUserAccount } from '../domain/accounts';
import { monthOf } from '../domain/et-month';
import { changeLimit, checkLimitCents, checkWithinLimit, limitAt } from '../domain/spending-limit';
import { checkKey } from '../domain/validation';
import type { WalletDeps } from './deps';

const MAX_USERS_PER_REQUEST = 1_000;

function limitMessage(
  userId: number,
  row: SpendingLimitRow | undefined,
  spent: number,
  now: Date,
): SpendingLimit {
  const state = limitAt(stateOf(row), now);
  return {
    userId,
    hasLimit: state.limit !== null,
    monthlyLimitCents: state.limit ?? 0,
    hasPending: state.pending !== undefined,
    pendingHasLimit: state.pending ? state.pending.limit !== null : false,
    pendingLimitCents: state.pending?.limit ?? 0,
    pendingEffectiveAt: state.pending ? state.pending.effectiveAt.toISOString() : '',
    spentThisMonthCents: spent,
    remainingCents: state.limit === null ? 0 : Math.max(0, state.limit - spent),
    updatedAt: row?.last_key ? row.updated_at.toISOString() : '',
  };
}

export async function getSpendingLimits(
  deps: WalletDeps,
  userIds: readonly number[],
): Promise<{ limits: SpendingLimit[] }> {
  if (userIds.length > MAX_USERS_PER_REQUEST)
    throw invalid(`at most ${MAX_USERS_PER_REQUEST} user ids per request`);
  if (userIds.length === 0) return { limits: [] };
  const now = deps.clock.now();
  const month = monthOf(now);
  const rows = new Map((await findLimits(deps.db, userIds)).map((r) => [Number(r.user_id), r]));
  const spent = await spentBetween(deps.db, userIds, month.start, month.end);
  return { limits: userIds.map((id) => limitMessage(id, rows.get(id), spent.get(id) ?? 0, now)) };
}

export async function getSpendingLimit(deps: WalletDeps, userId: number): Promise<SpendingLimit> {
  checkedUserAccount(userId);
  return (await getSpendingLimits(deps, [userId])).limits[0]!;
}

/** The player sets, lowers, raises or removes the limit (raises and removals wait 24 hours). */
export async function setSpendingLimit(
  deps: WalletDeps,
  request: SetSpendingLimitRequest__Output,
): Promise<SpendingLimit> {
  checkedUserAccount(request.userId);
  const requested = checkLimitCents(request.hasLimit, request.monthlyLimitCents);
  const key = checkKey(request.idempotencyKey);
  await inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const row = await lockLimit(trx, request.userId, now);
    // A retry of the change just made: applying it again would restart a raise's 24 hours.
    if (row.last_key === key) return;
    await saveLimit(trx, request.userId, changeLimit(stateOf(row), requested, now), key, now);
  });
  return getSpendingLimit(deps, request.userId);
}

/** Refuses a purchase of `amountCents` that would pass the user's limit this month (ET). */
export async function checkSpendingLimit(
  db: Db,
  now: Date,
  userId: number,
  amountCents: number,
): Promise<void> {
  const [row] = await findLimits(db, [userId]);
  const { limit } = limitAt(stateOf(row), now);
  if (limit === null) return;
  const month = monthOf(now);
  const spent = (await spentBetween(db, [userId], month.start, month.end)).get(userId) ?? 0;
  checkWithinLimit(limit, spent, amountCents);
}
