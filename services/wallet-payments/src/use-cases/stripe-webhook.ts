import { DomainError, invalid, inTransaction } from '@touchline/kit';
import type { HandleStripeWebhookRequest__Output } from '@touchline/protos/gen/touchline/wallet/HandleStripeWebhookRequest';
import type { HandleStripeWebhookResponse__Output as HandleStripeWebhookResponse } from '@touchline/protos/gen/touchline/wallet/HandleStripeWebhookResponse';
import { lockAccounts } from '../db/accounts';
import { claimEvent, findEvent, markHandled } from '../db/stripe-events';
import { checkedUserAccount } from '../domain/accounts';
import { INVALID_SIGNATURE, purchaseTerms } from '../domain/payments';
import { captureAuthorized } from './confirm-payment';
import { createdPurchase, creditPurchaseIn } from './credit-purchase';
import type { PaymentDeps } from './deps';

const MAX_PAYLOAD_BYTES = 1024 * 1024;
/** Stripe's event for an intent the card holder authorized and the wallet has yet to capture. */
const AUTHORIZED = 'payment_intent.amount_capturable_updated';

/**
 * Stripe's webhook: the signature is checked over the raw bytes first (a bad one is INVALID_ARGUMENT,
 * which the gateway answers 400, and nothing is read from the body). Each event id is handled once,
 * in the same transaction as its credit: if crediting fails, the event is not recorded either, and
 * Stripe's retry does it again. payment_intent.succeeded credits like the success page would, and
 * only an intent the wallet created, for the amount and package it was created for.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  request: HandleStripeWebhookRequest__Output,
): Promise<HandleStripeWebhookResponse> {
  const payload = Buffer.from(request.payload);
  if (!request.signature || payload.length === 0 || payload.length > MAX_PAYLOAD_BYTES)
    throw invalid(INVALID_SIGNATURE);
  const event = await deps.payments.verifyWebhook(payload, request.signature);
  const answer = (handled: boolean) => ({ eventId: event.id, eventType: event.type, handled });

  if (event.type === AUTHORIZED && event.intent?.status === 'requires_capture') {
    const seen = await findEvent(deps.db, event.id);
    if (seen) return answer(seen.handled);
    // Outside any transaction: it calls Stripe. A failure to reach Stripe throws, and Stripe's
    // retry of the event settles it; a repeat captures or cancels nothing twice.
    let handled = true;
    try {
      await captureAuthorized(deps, event.intent);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'business_rule') throw error;
      deps.logger.warn(
        { eventId: event.id, intentId: event.intent.id, reason: error.message },
        'did not capture an authorized payment',
      );
      handled = false;
    }
    await inTransaction(deps.db, async (trx) => {
      const fresh = await claimEvent(trx, {
        event_id: event.id,
        type: event.type,
        payment_intent_id: event.intent!.id,
        handled,
        received_at: deps.clock.now(),
      });
      if (!fresh) handled = (await findEvent(trx, event.id))!.handled;
    });
    return answer(handled);
  }

  const terms =
    event.type === 'payment_intent.succeeded' && event.intent?.status === 'succeeded'
      ? purchaseTerms(event.intent)
      : undefined;

  return inTransaction(deps.db, async (trx) => {
    // The account it credits before the event row: the wallet's one lock order (db/accounts.ts).
    if (terms) await lockAccounts(trx, [checkedUserAccount(terms.userId)]);
    const fresh = await claimEvent(trx, {
      event_id: event.id,
      type: event.type,
      payment_intent_id: event.intent?.id ?? null,
      handled: false,
      received_at: deps.clock.now(),
    });
    if (!fresh) return answer((await findEvent(trx, event.id))!.handled);

    if (event.type !== 'payment_intent.succeeded' || !event.intent) return answer(false);
    if (!terms) {
      // Another product's payment on the same Stripe account: acknowledged, so Stripe stops retrying.
      deps.logger.warn(
        { eventId: event.id, intentId: event.intent.id },
        'payment_intent.succeeded without coin purchase metadata',
      );
      return answer(false);
    }
    const purchase = await createdPurchase(trx, terms, event.intent.livemode);
    if ('refused' in purchase) {
      // Signed with our secret yet not a purchase we created: a leaked secret or a forged intent.
      // Recorded unhandled and acknowledged, so that no retry of it ever credits.
      deps.logger.error(
        { eventId: event.id, intentId: event.intent.id, reason: purchase.refused },
        'refused a payment_intent.succeeded webhook: credited nothing',
      );
      return answer(false);
    }
    await creditPurchaseIn(deps, trx, purchase.terms, 'webhook', purchase.livemode);
    await markHandled(trx, event.id);
    return answer(true);
  });
}
