import { businessRule, forbidden, invalid, notFound, inTransaction } from '@touchline/kit';
import type { ConfirmPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/ConfirmPaymentRequest';
import type { ConfirmPaymentResponse__Output as ConfirmPaymentResponse } from '@touchline/protos/gen/touchline/wallet/ConfirmPaymentResponse';
import { checkedUserAccount } from '../domain/accounts';
import {
  NOT_A_COIN_PURCHASE,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_SUCCEEDED,
  PAYMENT_OF_ANOTHER_USER,
  purchaseTerms,
} from '../domain/payments';
import type { IntentView } from '../payments/provider';
import { createdPurchase, creditPurchaseIn } from './credit-purchase';
import type { PaymentDeps } from './deps';
import { decideIntent } from './spending-limit';

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/** A PaymentIntent id as Stripe writes them; anything else is refused before any lookup. */
export function checkIntentId(id: string): string {
  if (!INTENT_ID.test(id)) throw invalid('payment_intent_id is not valid');
  return id;
}

/**
 * The success page's call. The browser's word is not trusted: the intent is fetched from the
 * provider, must belong to the caller and must have succeeded. Credits unless the webhook (or an
 * earlier call) already did. An intent the card holder only authorized (Stripe) is charged here,
 * if the spending limit allows it.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  request: ConfirmPaymentRequest__Output,
): Promise<ConfirmPaymentResponse> {
  checkedUserAccount(request.userId);
  let intent = await deps.payments.retrieveIntent(checkIntentId(request.paymentIntentId));
  if (!intent) throw notFound(PAYMENT_NOT_FOUND);
  // Ownership first: another user's intent reveals nothing, not even its status.
  if (intent.metadata.userId !== String(request.userId)) throw forbidden(PAYMENT_OF_ANOTHER_USER);
  if (intent.status === 'requires_capture') intent = await captureAuthorized(deps, intent);
  if (intent.status !== 'succeeded') throw businessRule(PAYMENT_NOT_SUCCEEDED);
  const terms = purchaseTerms(intent);
  // Metadata this wallet did not write (an intent made by hand in the dashboard): no coins to credit.
  if (!terms) throw businessRule(NOT_A_COIN_PURCHASE);
  // Metadata that matches no intent the wallet created (made or edited by hand): none either.
  const purchase = await createdPurchase(deps.db, terms, intent.livemode);
  if ('refused' in purchase) {
    deps.logger.warn(
      { intentId: intent.id, userId: request.userId, reason: purchase.refused },
      'refused to credit a payment on the success page',
    );
    throw businessRule(NOT_A_COIN_PURCHASE);
  }
  const credit = await inTransaction(deps.db, (trx) =>
    creditPurchaseIn(deps, trx, purchase.terms, { confirmKey: request.idempotencyKey }, purchase.livemode),
  );
  return { ...credit, purchaseCoins: purchase.terms.coins };
}

/**
 * Charges an intent the card holder authorized (Stripe, capture_method manual), from the success
 * page or the webhook, whichever comes first: only an intent this wallet created, and only if the
 * spending limit allows the charge (decided under the user's lock, docs/design.md#3-money-one-ledger).
 * A refused one is cancelled, which releases the authorization: the card is never charged. Both
 * steps repeat safely (the decision is stored, Stripe's calls carry idempotency keys).
 */
export async function captureAuthorized(deps: PaymentDeps, intent: IntentView): Promise<IntentView> {
  const terms = purchaseTerms(intent);
  // Another product's intent on the same Stripe account is neither charged nor cancelled here.
  if (!terms) throw businessRule(NOT_A_COIN_PURCHASE);
  const purchase = await createdPurchase(deps.db, terms, intent.livemode);
  if ('refused' in purchase) {
    deps.logger.warn({ intentId: intent.id, reason: purchase.refused }, 'refused to capture a payment');
    throw businessRule(NOT_A_COIN_PURCHASE);
  }
  const refusal = await inTransaction(deps.db, (trx) =>
    decideIntent(trx, deps.clock.now(), intent.id, 'charge'),
  );
  if (refusal) {
    await deps.payments.cancelIntent(intent.id);
    // `cancelled` tells the page that nothing was charged: nothing to retry, start over.
    throw businessRule(refusal, { cancelled: true });
  }
  return deps.payments.captureIntent(intent.id);
}
