import { invalid, inTransaction, type Db, type Tx } from '@touchline/kit';
import type { SetSpendingLimitRequest__Output } from '@touchline/protos/gen/touchline/wallet/SetSpendingLimitRequest';
import type { SpendingLimit__Output as SpendingLimit } from '@touchline/protos/gen/touchline/wallet/SpendingLimit';
import { closePaymentIntent, findPaymentIntent, lockPaymentIntent, markCharged } from '../db/payment-intents';
import {
  findLimits,
  lockExistingLimit,
  lockLimit,
  openCents,
  saveLimit,
  spentBetween,
  stateOf,
  type SpendingLimitRow,
} from '../db/spending-limits';
import { checkedUserAccount } from '../domain/accounts';
import { monthOf } from '../domain/et-month';
import {
  changeLimit,
  checkLimitCents,
  checkWithinLimit,
  limitAt,
  limitRefusal,
  OPEN_INTENT_HOLD_MS,
} from '../domain/spending-limit';
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

/**
 * The player's own view: `remaining` is what a new payment may still take, so it also leaves out the
 * payments started in the last hour and not finished, as the new-intent decision does (issue 43
 * item 6: a package the page offers is one the server accepts).
 */
export async function getSpendingLimit(deps: WalletDeps, userId: number): Promise<SpendingLimit> {
  checkedUserAccount(userId);
  const limit = (await getSpendingLimits(deps, [userId])).limits[0]!;
  if (!limit.hasLimit || limit.remainingCents === 0) return limit;
  const since = new Date(deps.clock.now().getTime() - OPEN_INTENT_HOLD_MS);
  const open = await openCents(deps.db, userId, since);
  return { ...limit, remainingCents: Math.max(0, limit.remainingCents - open) };
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

/**
 * Refuses a purchase of `amountCents` that would pass the user's limit this month (ET) by what was
 * already spent. A quick look before an intent is made; the decisions that hold under concurrency
 * are the locked ones below.
 */
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

/** Which limit decision: a new intent (open ones count) or the charge of one (only what was spent). */
type Decision = 'new-intent' | 'charge';

/**
 * Decides, under the user's limit lock, whether the stored intent `intentId` may go on: when it is
 * created (what was spent, plus the user's other open intents, plus this one) or when its card is
 * about to be charged (what was spent plus this one). Concurrent decisions of one user run in turn,
 * so the limit holds exactly (docs/design.md#3-money-one-ledger). A charge allowed is marked at once
 * and counts from then on, credited or not; a refusal closes the intent, so it can never be charged
 * and no longer holds anything. Returns the refusal, or undefined.
 */
export async function decideIntent(
  trx: Tx,
  now: Date,
  intentId: string,
  decision: Decision,
): Promise<string | undefined> {
  const known = await findPaymentIntent(trx, intentId);
  if (!known) return undefined;
  const userId = Number(known.user_id);
  // Lock order: the user's limit row, then the intent (the same in every decision).
  const limitRow = await lockExistingLimit(trx, userId);
  const intent = (await lockPaymentIntent(trx, intentId))!;
  if (intent.closed_at) return intent.closed_reason ?? undefined;
  if (intent.charged_at) return undefined;
  const { limit } = limitAt(stateOf(limitRow), now);
  let refusal: string | undefined;
  if (limit !== null) {
    const month = monthOf(now);
    const spent = (await spentBetween(trx, [userId], month.start, month.end)).get(userId) ?? 0;
    const open =
      decision === 'new-intent'
        ? await openCents(trx, userId, new Date(now.getTime() - OPEN_INTENT_HOLD_MS), intentId)
        : 0;
    refusal = limitRefusal(limit, spent, Number(intent.amount_cents), open);
  }
  if (refusal) await closePaymentIntent(trx, intentId, refusal, now);
  else if (decision === 'charge') await markCharged(trx, intentId, now);
  return refusal;
}
