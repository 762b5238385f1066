import { conflict, invalid, notFound, inTransaction } from '@touchline/kit';
import type { SetCashoutStatusRequest__Output } from '@touchline/protos/gen/touchline/wallet/SetCashoutStatusRequest';
import type { SetCashoutStatusResponse__Output as SetCashoutStatusResponse } from '@touchline/protos/gen/touchline/wallet/SetCashoutStatusResponse';
import {
  findCashout,
  findTransition,
  insertTransition,
  lockCashout,
  moveCashout,
  type CashoutRow,
} from '../db/cashouts';
import { lockUserAccount } from '../db/locks';
import { PLATFORM, checkedUserAccount } from '../domain/accounts';
import {
  CASHOUT_NOT_FOUND,
  canMove,
  cannotMove,
  checkRejectionReason,
  checkTargetStatus,
  type CashoutStatus,
} from '../domain/cashout';
import { fingerprint, transferEntries } from '../domain/posting';
import type { TransferTerms } from '../domain/validation';
import { checkKey } from '../domain/validation';
import { cashoutMessage, cashoutPostingKey, cashoutReference } from './cashout-message';
import type { WalletDeps } from './deps';
import { post } from './post';

/** The coins a move posts: rejection returns every coin, completion splits 88% paid out, 12% profit. */
function postingOf(row: CashoutRow, to: CashoutStatus) {
  const coins = Number(row.coins_amount);
  if (to === 'rejected') {
    const terms: TransferTerms = {
      from: PLATFORM.cashoutPending,
      to: checkedUserAccount(Number(row.user_id)),
      amount: coins,
      fee: 0,
    };
    return { step: 'refund' as const, reason: 'cashout_rejected', terms };
  }
  if (to === 'completed') {
    const terms: TransferTerms = {
      from: PLATFORM.cashoutPending,
      to: PLATFORM.paidOut,
      amount: coins,
      fee: Number(row.fee_coins),
    };
    return { step: 'complete' as const, reason: 'cashout_completed', terms };
  }
  return undefined;
}

/**
 * An admin moves a request (docs/design.md#4-cross-service-operations-sagas): only pending→processing, pending→rejected,
 * processing→completed and processing→rejected. The check runs on the locked row and the update is
 * conditional on the status read, so of two admins racing exactly one wins; the other is told the
 * request's new status (409). A retry with the same key answers the request as it is now.
 */
export async function setCashoutStatus(
  deps: WalletDeps,
  request: SetCashoutStatusRequest__Output,
): Promise<SetCashoutStatusResponse> {
  const to = checkTargetStatus(request.status);
  const reason = checkRejectionReason(to, request.reason);
  if (!Number.isSafeInteger(request.actorUserId) || request.actorUserId <= 0)
    throw invalid('actor_user_id is required');
  const key = `${request.actorUserId}:${checkKey(request.idempotencyKey)}`;
  const known = await findCashout(deps.db, request.requestId);
  if (!known) throw notFound(CASHOUT_NOT_FOUND);

  return inTransaction(deps.db, async (trx) => {
    // Lock order of every wallet posting: the user's account first, then the request and platform accounts.
    await lockUserAccount(trx, checkedUserAccount(Number(known.user_id)));
    const done = await findTransition(trx, key);
    if (done) {
      if (Number(done.request_id) !== known.id || done.to_status !== to)
        throw conflict('Idempotency key was used for another status change');
      return { cashout: cashoutMessage((await findCashout(trx, known.id))!) };
    }
    const current = (await lockCashout(trx, known.id))!;
    if (!canMove(current.status, to)) throw conflict(cannotMove(current.status, to));

    const now = deps.clock.now();
    const posting = postingOf(current, to);
    const posted =
      posting &&
      (await post(deps, trx, {
        key: cashoutPostingKey(current.id, posting.step),
        fingerprint: fingerprint('transfer', posting.terms),
        reason: posting.reason,
        reference: cashoutReference(current.id),
        entries: transferEntries(posting.terms),
      }));
    const final = to === 'completed' || to === 'rejected';
    const moved = await moveCashout(
      trx,
      current.id,
      current.status,
      {
        status: to,
        processed_at: final ? now : null,
        processed_by_user_id: request.actorUserId,
        ...(to === 'rejected' ? { rejection_reason: reason } : {}),
      },
      now,
    );
    // Unreachable while the row is locked; kept so that a change of locking can never double-post.
    if (!moved) throw conflict(cannotMove(current.status, to));
    await insertTransition(trx, {
      request_id: current.id,
      from_status: current.status,
      to_status: to,
      actor_user_id: request.actorUserId,
      idempotency_key: key,
      transaction_id: posted ? posted.transactionId : null,
      created_at: now,
    });
    await deps.outbox.add(trx, 'wallet.cashout.status_changed', String(current.user_id), {
      requestId: current.id,
      userId: Number(current.user_id),
      fromStatus: current.status,
      toStatus: to,
      coinsAmount: Number(current.coins_amount),
      cashAmountCents: Number(current.cash_amount_cents),
      actorUserId: request.actorUserId,
      changedAt: now.toISOString(),
      reason: reason ?? '',
    });
    return { cashout: cashoutMessage(moved) };
  });
}
