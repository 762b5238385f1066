import { randomBytes } from 'node:crypto';
import type { IntentView } from './provider';

/**
 * The payment_intent.succeeded event Stripe sends for an intent, as the JSON body it posts. Whoever
 * plays Stripe's part (the test provider, the chaos run) sends this one shape, so the webhook code
 * they exercise is fed what Stripe feeds it. `source` marks the event id (evt_test_…, evt_chaos_…)
 * so that the logs tell the senders apart.
 */
export function succeededEventPayload(intent: IntentView, source: string): string {
  return JSON.stringify({
    id: `evt_${source}_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    // Transport facts, like the signature: wall-clock time and real randomness, not the domain's.
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.amount,
        currency: intent.currency,
        status: 'succeeded',
        livemode: false,
        metadata: intent.metadata,
      },
    },
  });
}

/**
 * The Stripe-Signature header for a payload, made by the SDK as Stripe makes it, with the wall-clock
 * time the verifier's tolerance checks. The SDK is loaded on first use (offline-stripe.ts).
 */
export async function stripeSignature(payload: string, secret: string): Promise<string> {
  const { offlineStripe } = await import('./offline-stripe');
  return offlineStripe.webhooks.generateTestHeaderString({ payload, secret });
}
