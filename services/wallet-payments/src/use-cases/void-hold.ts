import { conflict, inTransaction } from '@touchline/kit';
import type { VoidHoldRequest__Output } from '@touchline/protos/gen/touchline/wallet/VoidHoldRequest';
import type { VoidHoldResponse__Output as VoidHoldResponse } from '@touchline/protos/gen/touchline/wallet/VoidHoldResponse';
import { addHeld, lockAccounts } from '../db/accounts';
import { findHold, insertHold, lockHold, setHoldStatus } from '../db/holds';
import { HOLD_WAS_COMMITTED } from '../domain/hold';
import { checkKey } from '../domain/validation';
import type { WalletDeps } from './deps';

const MAX_VOID_REASON_LENGTH = 200;

/**
 * Releases a hold and leaves it 'voided' for good. Voiding a key nobody has held yet records the
 * tombstone anyway (amount 0), so a Hold arriving late reserves nothing and a late CommitHold fails.
 * A committed hold cannot be voided: the coins have moved.
 */
export async function voidHold(
  deps: WalletDeps,
  request: VoidHoldRequest__Output,
): Promise<VoidHoldResponse> {
  const holdKey = checkKey(request.holdKey, 'hold_key');
  const voidReason = request.reason.slice(0, MAX_VOID_REASON_LENGTH);
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    let seen = await findHold(trx, holdKey);
    if (!seen) {
      const tombstone = await insertHold(trx, {
        hold_key: holdKey,
        from_account: null,
        to_account: null,
        amount: 0,
        fee: 0,
        reason: '',
        reference: '',
        status: 'voided',
        void_reason: voidReason,
        created_at: now,
        updated_at: now,
      });
      if (tombstone) return { status: 'voided' };
      // A Hold of this key committed in the meantime: void it like any other.
      seen = (await findHold(trx, holdKey))!;
    }
    // The account before the hold row: the wallet's one lock order (db/accounts.ts).
    if (seen.from_account) await lockAccounts(trx, [seen.from_account]);
    const row = (await lockHold(trx, holdKey))!;
    if (row.status === 'committed') throw conflict(HOLD_WAS_COMMITTED);
    if (row.status === 'voided') return { status: 'voided' };
    await addHeld(trx, row.from_account!, -Number(row.amount), now);
    await setHoldStatus(trx, holdKey, { status: 'voided', void_reason: voidReason }, now);
    return { status: 'voided' };
  });
}
