import { conflict, notFound, inTransaction } from '@touchline/kit';
import type { CommitHoldResponse__Output as CommitHoldResponse } from '@touchline/protos/gen/touchline/wallet/CommitHoldResponse';
import { lockAccounts } from '../db/accounts';
import { findHold, lockHold, setHoldStatus, type HoldRow } from '../db/holds';
import { HOLD_NOT_FOUND, HOLD_WAS_VOIDED } from '../domain/hold';
import { fingerprint, transferEntries } from '../domain/posting';
import { HOLD_KEY_PREFIX, checkKey, type TransferTerms } from '../domain/validation';
import type { WalletDeps } from './deps';
import { involvedAccounts, post, type PostingOrder } from './post';

/** The posting of a transfer under a hold key: from −amount, to +amount−fee, profit +fee. */
export function holdPosting(
  holdKey: string,
  terms: TransferTerms,
  reason: string,
  reference: string,
): PostingOrder {
  return {
    key: `${HOLD_KEY_PREFIX}${holdKey}`,
    fingerprint: fingerprint('commit', terms),
    reason,
    reference,
    entries: transferEntries(terms),
  };
}

/** The posting a hold stands for, releasing the hold. */
export function postingOf(row: HoldRow): PostingOrder {
  const terms: TransferTerms = {
    from: row.from_account!,
    to: row.to_account!,
    amount: Number(row.amount),
    fee: Number(row.fee),
  };
  return {
    ...holdPosting(row.hold_key, terms, row.reason, row.reference),
    released: { account: terms.from, amount: terms.amount },
  };
}

/**
 * Posts a held transfer (from −amount, to +amount−fee, profit +fee) and releases the reservation.
 * The accounts are locked first (the wallet's one lock order), then the hold row, so a racing
 * VoidHold either ran before (this fails with 'Hold was voided') or runs after (and fails with 'Hold
 * was committed'). Committing again returns the same transaction.
 */
export async function commitHold(deps: WalletDeps, holdKeyInput: string): Promise<CommitHoldResponse> {
  const holdKey = checkKey(holdKeyInput, 'hold_key');
  return inTransaction(deps.db, async (trx) => {
    // A hold's accounts never change, so reading them unlocked tells which accounts to lock first.
    const seen = await findHold(trx, holdKey);
    if (!seen) throw notFound(HOLD_NOT_FOUND);
    const locked = seen.from_account ? await lockAccounts(trx, involvedAccounts(postingOf(seen))) : undefined;
    const row = (await lockHold(trx, holdKey))!;
    if (row.status === 'voided') throw conflict(HOLD_WAS_VOIDED);
    if (row.status === 'committed') return { status: 'committed', transactionId: Number(row.transaction_id) };

    // The accounts stay locked from above (read under their locks): post need not lock them again.
    const posted = await post(deps, trx, postingOf(row), locked);
    await setHoldStatus(
      trx,
      holdKey,
      { status: 'committed', transaction_id: posted.transactionId },
      deps.clock.now(),
    );
    return { status: 'committed', transactionId: posted.transactionId };
  });
}
