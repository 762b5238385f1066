import { businessRule, conflict, invalid, inTransaction, type Tx } from '@touchline/kit';
import { UNDER_REVIEW } from '@touchline/rules';
import type { HoldRequest__Output } from '@touchline/protos/gen/touchline/wallet/HoldRequest';
import type { PayRequest__Output } from '@touchline/protos/gen/touchline/wallet/PayRequest';
import type { HoldResponse__Output as HoldResponse } from '@touchline/protos/gen/touchline/wallet/HoldResponse';
import { ensureAccounts, findAccounts, lockAccounts, type AccountRow } from '../db/accounts';
import { findHold, insertHoldReserving, type HoldRow } from '../db/holds';
import { accountKind } from '../domain/accounts';
import { canDebit, NOT_ENOUGH_COINS, spendable } from '../domain/funds';
import { HOLD_KEY_REUSED } from '../domain/hold';
import { isUnderReview } from '../db/review-holds';
import { sendingPlayer, underReview } from '../domain/review-hold';
import { checkKey, checkReason, checkReference, checkTerms, type TransferTerms } from '../domain/validation';
import type { WalletDeps } from './deps';
import { spendableOf } from './post';

export type CheckedHoldTerms = ReturnType<typeof checkedHoldTerms>;

/** A Hold or Pay request, validated: its key, the transfer's terms, reason and reference. */
export function checkedHoldTerms(request: HoldRequest__Output | PayRequest__Output) {
  const holdKey = checkKey(request.holdKey, 'hold_key');
  const terms = checkTerms({
    from: request.fromAccount,
    to: request.toAccount,
    amount: request.amount,
    fee: request.fee,
  });
  if (accountKind(terms.from) !== 'user') throw invalid('Only a user account can hold coins');
  return {
    holdKey,
    terms,
    reason: checkReason(request.reason),
    reference: checkReference(request.reference),
  };
}

/** The hold row of a request, but for its outcome (status, void reason, transaction), which Hold and Pay decide. */
export function holdRowOf({ holdKey, terms, reason, reference }: CheckedHoldTerms, now: Date) {
  return {
    hold_key: holdKey,
    from_account: terms.from,
    to_account: terms.to,
    amount: terms.amount,
    fee: terms.fee,
    reason,
    reference,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Why the payer cannot have the coins taken now, or undefined. Under review first: no top-up lifts
 * it, so a payer short of coins is not sent to top up only to be refused again.
 */
export async function debitRefusal(
  trx: Tx,
  from: AccountRow,
  terms: TransferTerms,
): Promise<typeof UNDER_REVIEW | typeof NOT_ENOUGH_COINS | undefined> {
  const sender = sendingPlayer(terms.from, terms.to);
  if (sender !== undefined && (await isUnderReview(trx, sender))) return UNDER_REVIEW;
  return canDebit(from, terms.amount) ? undefined : NOT_ENOUGH_COINS;
}

export function sameTerms(row: HoldRow, terms: TransferTerms): boolean {
  return (
    row.from_account === terms.from &&
    row.to_account === terms.to &&
    Number(row.amount) === terms.amount &&
    Number(row.fee) === terms.fee
  );
}

/** The answer for a key that already has a hold (or a tombstone); nothing is reserved again. */
async function existingHold(trx: Tx, row: HoldRow, terms: TransferTerms): Promise<HoldResponse> {
  // A tombstone answers 'voided' whatever the terms: the saga that voided the key has moved on.
  if (row.status !== 'voided' && !sameTerms(row, terms)) throw conflict(HOLD_KEY_REUSED);
  const accounts = await findAccounts(trx, [terms.from]);
  return { holdKey: row.hold_key, status: row.status, fromBalance: spendableOf(accounts, terms.from) };
}

/**
 * Reserves `amount` of a user account under hold_key: it stops being spendable until CommitHold posts
 * it or VoidHold releases it. The same key again answers the hold's current status; a key that was
 * voided (even before this hold arrived) stays voided and reserves nothing.
 */
export async function hold(deps: WalletDeps, request: HoldRequest__Output): Promise<HoldResponse> {
  const checked = checkedHoldTerms(request);
  const { holdKey, terms } = checked;

  return inTransaction(deps.db, async (trx) => {
    // The account first (db/accounts.ts): two holds of one user queue here instead of deadlocking.
    const from = (await lockAccounts(trx, [terms.from])).get(terms.from)!;
    const earlier = await findHold(trx, holdKey);
    if (earlier) return existingHold(trx, earlier, terms);

    const now = deps.clock.now();
    // The hold row references both accounts, so they must exist first.
    await ensureAccounts(trx, [terms.to]);
    // Refused before anything is written: a refused hold leaves nothing under its key, so the same
    // key works once an admin has cleared the review.
    const refusal = await debitRefusal(trx, from, terms);
    if (refusal === UNDER_REVIEW) throw underReview();
    if (refusal) throw businessRule(refusal);
    const after = await insertHoldReserving(
      trx,
      { ...holdRowOf(checked, now), status: 'held', void_reason: null },
      now,
    );
    // A VoidHold of this key (which needs no account lock when nothing was held) committed first.
    if (!after) return existingHold(trx, (await findHold(trx, holdKey))!, terms);
    return { holdKey, status: 'held', fromBalance: spendable(after) };
  });
}
