import { conflict, inTransaction, type Tx } from '@touchline/kit';
import type { PayRequest__Output } from '@touchline/protos/gen/touchline/wallet/PayRequest';
import type { PayResponse__Output as PayResponse } from '@touchline/protos/gen/touchline/wallet/PayResponse';
import { lockAccounts, type AccountRow } from '../db/accounts';
import { findHold, insertHold, lockHold, setHoldStatus, type HoldRow } from '../db/holds';
import { spendable } from '../domain/funds';
import { HOLD_KEY_REUSED } from '../domain/hold';
import type { TransferTerms } from '../domain/validation';
import type { WalletDeps } from './deps';
import { holdPosting, postingOf } from './commit-hold';
import { checkedHoldTerms, debitRefusal, holdRowOf, sameTerms } from './hold';
import { involvedAccounts, post, spendableOf } from './post';

/** Thrown inside the transaction to roll the posting back when the key turns out to have a row already. */
class KeyTakenMeanwhile extends Error {}

/** The answer for a key that has a hold row already; a hold left 'held' by Hold is committed now. */
async function settledEarlier(
  deps: WalletDeps,
  trx: Tx,
  row: HoldRow,
  terms: TransferTerms,
  locked: Map<string, AccountRow>,
): Promise<PayResponse> {
  // A tombstone answers 'voided' whatever the terms: the saga that voided the key has moved on.
  if (row.status === 'voided')
    return {
      status: 'voided',
      transactionId: 0,
      fromBalance: spendableOf(locked, terms.from),
      voidReason: row.void_reason ?? '',
    };
  if (!sameTerms(row, terms)) throw conflict(HOLD_KEY_REUSED);
  if (row.status === 'committed')
    return {
      status: 'committed',
      transactionId: Number(row.transaction_id),
      fromBalance: spendableOf(locked, terms.from),
      voidReason: '',
    };
  // 'held': the accounts are locked, so no VoidHold or CommitHold of the key runs until this commits.
  const held = (await lockHold(trx, row.hold_key))!;
  if (held.status !== 'held') return settledEarlier(deps, trx, held, terms, locked);
  const posted = await post(deps, trx, postingOf(held), locked);
  await setHoldStatus(
    trx,
    row.hold_key,
    { status: 'committed', transaction_id: posted.transactionId },
    deps.clock.now(),
  );
  return {
    status: 'committed',
    transactionId: posted.transactionId,
    fromBalance: spendableOf(posted.accounts, terms.from),
    voidReason: '',
  };
}

/**
 * Hold and CommitHold in one transaction (wallet.proto, Pay): the accounts are locked in the
 * wallet's one order, then either the transfer is posted and the hold row written as committed, or,
 * without the coins, a voided hold row records the refusal under the key. Either way the key has
 * one outcome for good, as after Hold then CommitHold or VoidHold.
 */
export async function pay(deps: WalletDeps, request: PayRequest__Output): Promise<PayResponse> {
  const checked = checkedHoldTerms(request);
  const { holdKey, terms, reason, reference } = checked;
  const order = holdPosting(holdKey, terms, reason, reference);
  // The first attempt counts on the key being new, as it nearly always is, and skips looking for it:
  // inserting the hold row at the end finds out, and then the attempt rolls back and the next one looks.
  const attempt = (lookFirst: boolean) =>
    inTransaction(deps.db, async (trx) => {
      const locked = await lockAccounts(trx, involvedAccounts(order));
      const earlier = lookFirst ? await findHold(trx, holdKey) : undefined;
      if (earlier) return settledEarlier(deps, trx, earlier, terms, locked);
      const row = holdRowOf(checked, deps.clock.now());
      const from = locked.get(terms.from)!;
      // A payer under review is refused like one without the coins: recorded under the key, so the
      // saga that asked gets one outcome for good and releases what it reserved.
      const refusal = await debitRefusal(trx, from, terms);
      if (refusal) {
        const recorded = await insertHold(trx, { ...row, status: 'voided', void_reason: refusal });
        if (!recorded) return settledEarlier(deps, trx, (await findHold(trx, holdKey))!, terms, locked);
        return { status: 'voided', transactionId: 0, fromBalance: spendable(from), voidReason: refusal };
      }
      const posted = await post(deps, trx, order, locked);
      const recorded = await insertHold(trx, {
        ...row,
        status: 'committed',
        void_reason: null,
        transaction_id: posted.transactionId,
      });
      // The key has a row: from an earlier Pay or Hold of it, or a VoidHold (which needs no account
      // lock when nothing was held) that committed first.
      if (!recorded) throw new KeyTakenMeanwhile();
      return {
        status: 'committed',
        transactionId: posted.transactionId,
        fromBalance: spendableOf(posted.accounts, terms.from),
        voidReason: '',
      };
    });
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof KeyTakenMeanwhile)) throw error;
    return attempt(true); // answers from the key's row
  }
}
