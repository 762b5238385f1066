import { inTransaction } from '@touchline/kit';
import type { TransferRequest__Output } from '@touchline/protos/gen/touchline/wallet/TransferRequest';
import type { TransferResponse__Output as TransferResponse } from '@touchline/protos/gen/touchline/wallet/TransferResponse';
import { fingerprint, transferEntries } from '../domain/posting';
import { checkPostingKey, checkReason, checkReference, checkTerms } from '../domain/validation';
import { sendingPlayer } from '../domain/review-hold';
import type { WalletDeps } from './deps';
import { post, spendableOf } from './post';
import { refuseUnderReview } from './review-holds';

/**
 * Moves `amount` out of `from`: `fee` to platform:profit, the rest to `to`. A user account without
 * enough spendable coins refuses with 'Not enough coins' and nothing is written.
 */
export async function transfer(
  deps: WalletDeps,
  request: TransferRequest__Output,
): Promise<TransferResponse> {
  const terms = checkTerms({
    from: request.fromAccount,
    to: request.toAccount,
    amount: request.amount,
    fee: request.fee,
  });
  const order = {
    key: checkPostingKey(request.idempotencyKey),
    fingerprint: fingerprint('transfer', terms),
    reason: checkReason(request.reason),
    reference: checkReference(request.reference),
    entries: transferEntries(terms),
    alsoAccounts: [terms.from, terms.to],
  };
  const sender = sendingPlayer(terms.from, terms.to);
  const posted = await inTransaction(deps.db, async (trx) => {
    if (sender !== undefined) await refuseUnderReview(trx, sender);
    return post(deps, trx, order);
  });
  return {
    transactionId: posted.transactionId,
    fromBalance: spendableOf(posted.accounts, terms.from),
    toBalance: spendableOf(posted.accounts, terms.to),
  };
}
