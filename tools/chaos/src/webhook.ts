import { stripeSignature, succeededEventPayload } from '@touchline/wallet-payments/stripe-test-event';
import type { AnswerLog } from './answers';

/** Posts a payment_intent.succeeded event signed as Stripe signs it, in the shape the test provider sends. */
export async function postSucceededWebhook(options: {
  baseUrl: string;
  secret: string;
  log: AnswerLog;
  userId: number;
  intent: { id: string; amountCents: number; packageId: string; coins: number };
}): Promise<number> {
  const { intent } = options;
  const payload = succeededEventPayload(
    {
      id: intent.id,
      status: 'succeeded',
      amount: intent.amountCents,
      currency: 'usd',
      livemode: false,
      metadata: { userId: String(options.userId), packageId: intent.packageId, coins: String(intent.coins) },
    },
    'chaos',
  );
  const signature = await stripeSignature(payload, options.secret);
  const started = performance.now();
  let status = 0;
  let response: unknown;
  try {
    const res = await fetch(`${options.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    response = await res.text();
  } catch (error) {
    response = { error: (error as Error).message };
  }
  options.log.add({
    kind: 'payment.webhook',
    userId: options.userId,
    method: 'post',
    path: '/api/stripe/webhook',
    body: { intent: intent.id },
    status,
    response,
    ms: performance.now() - started,
    at: Date.now(),
  });
  return status;
}
