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

/** How far a signature's timestamp may be from now, either way (Stripe's own default for the past). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Whether every `t=` of a Stripe-Signature header lies no further than the tolerance ahead of `nowMs`.
 * constructEvent refuses old timestamps only: a signature dated ahead would stay replayable until
 * that future moment had passed too.
 */
export function notFromTheFuture(signature: string, nowMs: number): boolean {
  const stamps = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('t='))
    .map((part) => Number(part.slice(2)));
  const latest = Math.floor(nowMs / 1000) + SIGNATURE_TOLERANCE_SECONDS;
  return stamps.length > 0 && stamps.every((t) => Number.isSafeInteger(t) && t <= latest);
}

/**
 * Verifies with Stripe's own constructEvent (HMAC-SHA256 over the raw bytes, timestamp at most 5
 * minutes old) in both modes, so the test provider's events go through exactly the code real ones
 * do, and refuses a timestamp more than 5 minutes ahead. `nowMs` is wall-clock time, like the SDK's:
 * a transport fact, not the domain's clock.
 */
export function verifyStripeEvent(
  webhooks: Webhooks,
  payload: Buffer,
  signature: string,
  secret: string,
  nowMs: number = Date.now(),
): WebhookEvent {
  let event: Stripe.Event;
  try {
    if (!notFromTheFuture(signature, nowMs)) throw new Error('timestamp ahead of the tolerance');
    event = webhooks.constructEvent(
      payload,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    );
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
