import { conflict, inTransaction, type Db } from '@touchline/kit';
import { cashOutCents, cashOutFeeCoins } from '@touchline/rules';
import type { RequestCashoutRequest__Output } from '@touchline/protos/gen/touchline/wallet/RequestCashoutRequest';
import type { RequestCashoutResponse__Output as RequestCashoutResponse } from '@touchline/protos/gen/touchline/wallet/RequestCashoutResponse';
import { findAccounts, lockPlatformAccount } from '../db/accounts';
import {
  cashedOutCents,
  findCashoutByKey,
  hasRequestInMonth,
  insertCashout,
  platformFundsCents,
  setCashoutTransaction,
  type CashoutRow,
} from '../db/cashouts';
import { lockUserAccount } from '../db/locks';
import { purchaseSummaries } from '../db/purchases';
import { PLATFORM, checkedUserAccount } from '../domain/accounts';
import {
  backingPurchases,
  CASHOUT_KEY_REUSED,
  checkCashoutRules,
  checkCoinsAmount,
  checkPaypalEmail,
} from '../domain/cashout';
import { monthOf } from '../domain/et-month';
import { spendable } from '../domain/funds';
import { fingerprint, transferEntries } from '../domain/posting';
import { checkKey } from '../domain/validation';
import { cashoutMessage, cashoutPostingKey, cashoutReference, purchaseTotals } from './cashout-message';
import type { WalletDeps } from './deps';
import { post, spendableOf } from './post';
import { refuseUnderReview } from './review-holds';

/** A retry with the same key answers the first request; the same key for another request is refused. */
async function replay(
  db: Db,
  row: CashoutRow,
  coins: number,
  email: string,
): Promise<RequestCashoutResponse> {
  if (Number(row.coins_amount) !== coins || row.paypal_email !== email) throw conflict(CASHOUT_KEY_REUSED);
  const account = checkedUserAccount(Number(row.user_id));
  const found = (await findAccounts(db, [account])).get(account);
  return { cashout: cashoutMessage(row), coins: found ? spendable(found) : 0 };
}

/**
 * A player asks to cash coins out (docs/design.md#3-money-one-ledger and #4-cross-service-operations-sagas): the rules are checked with the
 * player's account locked (and platform:cashout-pending, which serialises the platform funds check
 * between players; the player's lock serialises the ceiling, purchases less earlier cash-outs), then the request is created pending and its coins move to
 * platform:cashout-pending in one balanced posting. Any refusal writes nothing.
 */
export async function requestCashout(
  deps: WalletDeps,
  request: RequestCashoutRequest__Output,
): Promise<RequestCashoutResponse> {
  const account = checkedUserAccount(request.userId);
  const coins = checkCoinsAmount(request.coinsAmount);
  const email = checkPaypalEmail(request.paypalEmail);
  const key = `${request.userId}:${checkKey(request.idempotencyKey)}`;
  const earlier = await findCashoutByKey(deps.db, key);
  if (earlier) return replay(deps.db, earlier, coins, email);

  return inTransaction(deps.db, async (trx) => {
    const mine = await lockUserAccount(trx, account);
    // A retry that raced us committed while we waited for the lock.
    const raced = await findCashoutByKey(trx, key);
    if (raced) return replay(trx, raced, coins, email);
    await refuseUnderReview(trx, request.userId);
    await lockPlatformAccount(trx, PLATFORM.cashoutPending);

    const now = deps.clock.now();
    const month = monthOf(now);
    const [summary] = await purchaseSummaries(trx, [request.userId]);
    const purchases = backingPurchases(deps.paymentsMode, purchaseTotals(summary));
    const realOnly = deps.paymentsMode === 'live';
    checkCashoutRules({
      coins,
      balance: spendable(mine),
      purchaseCount: purchases.count,
      purchaseTotalCents: purchases.totalCents,
      cashedOutCents: await cashedOutCents(trx, request.userId, realOnly),
      requestedThisMonth: await hasRequestInMonth(trx, request.userId, month.key),
      nextMonthStart: month.end,
      platformFundsCents: await platformFundsCents(trx, realOnly),
    });

    const row = await insertCashout(trx, {
      user_id: request.userId,
      status: 'pending',
      coins_amount: coins,
      cash_amount_cents: cashOutCents(coins),
      fee_coins: cashOutFeeCoins(coins),
      paypal_email: email,
      idempotency_key: key,
      month_key: month.key,
      test: deps.paymentsMode === 'test',
      created_at: now,
      updated_at: now,
    });
    const terms = { from: account, to: PLATFORM.cashoutPending, amount: coins, fee: 0 };
    const posted = await post(deps, trx, {
      key: cashoutPostingKey(row.id, 'request'),
      fingerprint: fingerprint('transfer', terms),
      reason: 'cashout',
      reference: cashoutReference(row.id),
      entries: transferEntries(terms),
    });
    await setCashoutTransaction(trx, row.id, posted.transactionId);
    await deps.outbox.add(trx, 'wallet.cashout.requested', String(request.userId), {
      requestId: row.id,
      userId: request.userId,
      coinsAmount: coins,
      cashAmountCents: row.cash_amount_cents,
      requestedAt: now.toISOString(),
    });
    return {
      cashout: cashoutMessage({ ...row, transaction_id: posted.transactionId }),
      coins: spendableOf(posted.accounts, account),
    };
  });
}
