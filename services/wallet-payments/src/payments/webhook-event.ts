import type Stripe from 'stripe';
import { invalid } from '@touchline/kit';
import { INVALID_SIGNATURE, type IntentStatus } from '../domain/payments';
import type { IntentView, WebhookEvent } from './provider';

type Webhooks = Stripe['webhooks'];

export function intentView(intent: Stripe.PaymentIntent): IntentView {
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    livemode: intent.livemode,
  };
}

function intentMode(object: { livemode?: unknown }): boolean | undefined {
  return typeof object.livemode === 'boolean' ? object.livemode : undefined;
}

/**
 * Verifies with Stripe's own constructEvent (HMAC-SHA256 over the raw bytes, timestamp within its
 * tolerance) in both modes, so the test provider's events go through exactly the code real ones do.
 */
export function verifyStripeEvent(
  webhooks: Webhooks,
  payload: Buffer,
  signature: string,
  secret: string,
): WebhookEvent {
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(payload, signature, secret);
  } catch {
    // Why it failed (stale timestamp, wrong secret, malformed header) is for our logs, not the caller.
    throw invalid(INVALID_SIGNATURE);
  }
  const object = event.data.object as { object?: string; livemode?: unknown };
  return {
    id: event.id,
    type: event.type,
    // An intent always says its mode in Stripe's API; the event's own flag covers one that does not.
    intent:
      object.object === 'payment_intent'
        ? intentView({ ...(object as Stripe.PaymentIntent), livemode: intentMode(object) ?? event.livemode })
        : undefined,
  };
}
