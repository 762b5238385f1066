import type { Db, Tx } from '@touchline/kit';
import { findPaymentIntent } from '../db/payment-intents';
import { insertPurchase, purchaseConfirmKey } from '../db/purchases';
import { PLATFORM, checkedUserAccount } from '../domain/accounts';
import { notCreatedHere, purchaseKey, type PurchaseTerms } from '../domain/payments';
import { fingerprint, grantEntries } from '../domain/posting';
import type { WalletDeps } from './deps';
import { post, spendableOf } from './post';

/**
 * The purchase as the wallet created it, or why the intent is not one (domain/payments.ts). `livemode`
 * is real money only when both the creation and the payment say so.
 */
export async function createdPurchase(
  db: Db | Tx,
  terms: PurchaseTerms,
  livemode: boolean,
): Promise<{ terms: PurchaseTerms; livemode: boolean } | { refused: string }> {
  const row = await findPaymentIntent(db, terms.paymentIntentId);
  const created = row && {
    userId: Number(row.user_id),
    packageId: row.package_id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    coins: Number(row.coins),
  };
  const refused = notCreatedHere(terms, created);
  if (refused || !created || !row) return { refused: refused ?? 'no payment intent' };
  return {
    terms: { paymentIntentId: terms.paymentIntentId, ...created },
    livemode: row.livemode && livemode,
  };
}

export interface Credit {
  /** Coins this call added: 0 when the intent had been credited before. */
  added: number;
  alreadyCredited: boolean;
  /** The user's spendable coins afterwards. */
  coins: number;
}

/** Who credits: the success page's call (with its Idempotency-Key, '' for none) or Stripe's webhook. */
export type CreditVia = { confirmKey: string } | 'webhook';

/**
 * Credits a succeeded PaymentIntent, inside the caller's transaction: a grant from platform:mint
 * keyed by the intent, the purchase record and wallet.payment.succeeded, all or nothing. The key is
 * what makes the success page and the webhook safe to race and repeat: the second to claim it waits
 * for the first, then finds it posted and writes nothing. A retry of the success-page call that
 * credited it (its Idempotency-Key) answers as that call did, whoever comes in between.
 */
export async function creditPurchaseIn(
  deps: WalletDeps,
  trx: Tx,
  terms: PurchaseTerms,
  via: CreditVia,
  livemode: boolean,
): Promise<Credit> {
  const to = checkedUserAccount(terms.userId);
  const posted = await post(deps, trx, {
    key: purchaseKey(terms.paymentIntentId),
    fingerprint: fingerprint('grant', { from: PLATFORM.mint, to, amount: terms.coins, fee: 0 }),
    reason: 'purchase',
    reference: terms.paymentIntentId,
    entries: grantEntries(to, terms.coins),
  });
  const coins = spendableOf(posted.accounts, to);
  const channel = via === 'webhook' ? 'webhook' : 'confirm';
  const confirmKey = via === 'webhook' || via.confirmKey === '' ? null : via.confirmKey;
  if (posted.replayed) {
    const retry =
      confirmKey !== null && (await purchaseConfirmKey(trx, terms.paymentIntentId)) === confirmKey;
    return retry
      ? { added: terms.coins, alreadyCredited: false, coins }
      : { added: 0, alreadyCredited: true, coins };
  }

  const now = deps.clock.now();
  await insertPurchase(trx, {
    user_id: terms.userId,
    payment_intent_id: terms.paymentIntentId,
    package_id: terms.packageId,
    amount_cents: terms.amountCents,
    currency: terms.currency,
    coins: terms.coins,
    via: channel,
    confirm_key: confirmKey,
    livemode,
    transaction_id: posted.transactionId,
    created_at: now,
  });
  await deps.outbox.add(trx, 'wallet.payment.succeeded', String(terms.userId), {
    paymentIntentId: terms.paymentIntentId,
    userId: terms.userId,
    packageId: terms.packageId,
    coins: terms.coins,
    amountCents: terms.amountCents,
    currency: terms.currency,
    via: channel,
    succeededAt: now.toISOString(),
  });
  return { added: terms.coins, alreadyCredited: false, coins };
}
