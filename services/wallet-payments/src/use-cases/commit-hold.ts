import { conflict, notFound } from '@touchline/kit';
import type { CommitHoldResponse__Output as CommitHoldResponse } from '@touchline/protos/gen/touchline/wallet/CommitHoldResponse';
import { lockHold, setHoldStatus } from '../db/holds';
import { HOLD_NOT_FOUND, HOLD_WAS_VOIDED } from '../domain/hold';
import { fingerprint, transferEntries } from '../domain/posting';
import { HOLD_KEY_PREFIX, checkKey } from '../domain/validation';
import type { WalletDeps } from './deps';
import { post } from './post';

/**
 * Posts a held transfer (from −amount, to +amount−fee, profit +fee) and releases the reservation.
 * The hold row is locked first, so a racing VoidHold either ran before (this fails with 'Hold was
 * voided') or runs after (and fails with 'Hold was committed'). Committing again returns the same
 * transaction.
 */
export async function commitHold(deps: WalletDeps, holdKeyInput: string): Promise<CommitHoldResponse> {
  const holdKey = checkKey(holdKeyInput, 'hold_key');
  return deps.db.transaction(async (trx) => {
    const row = await lockHold(trx, holdKey);
    if (!row) throw notFound(HOLD_NOT_FOUND);
    if (row.status === 'voided') throw conflict(HOLD_WAS_VOIDED);
    if (row.status === 'committed') return { status: 'committed', transactionId: Number(row.transaction_id) };

    const terms = {
      from: row.from_account!,
      to: row.to_account!,
      amount: Number(row.amount),
      fee: Number(row.fee),
    };
    const posted = await post(deps, trx, {
      key: `${HOLD_KEY_PREFIX}${holdKey}`,
      fingerprint: fingerprint('commit', terms),
      reason: row.reason,
      reference: row.reference,
      entries: transferEntries(terms),
      released: { account: terms.from, amount: terms.amount },
    });
    await setHoldStatus(
      trx,
      holdKey,
      { status: 'committed', transaction_id: posted.transactionId },
      deps.clock.now(),
    );
    return { status: 'committed', transactionId: posted.transactionId };
  });
}
