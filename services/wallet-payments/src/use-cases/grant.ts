import { inTransaction, type Tx } from '@touchline/kit';
import type { GrantRequest__Output } from '@touchline/protos/gen/touchline/wallet/GrantRequest';
import type { GrantResponse__Output as GrantResponse } from '@touchline/protos/gen/touchline/wallet/GrantResponse';
import { PLATFORM, checkedUserAccount } from '../domain/accounts';
import { fingerprint, grantEntries } from '../domain/posting';
import { checkAmount, checkPostingKey, checkReason, checkReference } from '../domain/validation';
import type { WalletDeps } from './deps';
import { post, spendableOf } from './post';

export type GrantOrder = Pick<
  GrantRequest__Output,
  'idempotencyKey' | 'userId' | 'amount' | 'reason' | 'reference'
>;

/** Coins from platform:mint to a user, inside the caller's transaction (the inbox's, for welcome coins). */
export async function grantIn(deps: WalletDeps, trx: Tx, order: GrantOrder): Promise<GrantResponse> {
  const to = checkedUserAccount(order.userId);
  const amount = checkAmount(order.amount);
  const posted = await post(deps, trx, {
    key: checkPostingKey(order.idempotencyKey),
    fingerprint: fingerprint('grant', { from: PLATFORM.mint, to, amount, fee: 0 }),
    reason: checkReason(order.reason),
    reference: checkReference(order.reference),
    entries: grantEntries(to, amount),
  });
  return { transactionId: posted.transactionId, coins: spendableOf(posted.accounts, to) };
}

/** Grant RPC: welcome coins, mission rewards, promo coins, refunds. Idempotent by key. */
export function grant(deps: WalletDeps, order: GrantOrder): Promise<GrantResponse> {
  return inTransaction(deps.db, (trx) => grantIn(deps, trx, order));
}
