import { createHmac, randomBytes } from 'node:crypto';
import type { AnswerLog } from './answers';

/** Posts a payment_intent.succeeded event signed as Stripe signs it (Stripe-Signature: t=…,v1=…). */
export async function postSucceededWebhook(options: {
  baseUrl: string;
  secret: string;
  log: AnswerLog;
  userId: number;
  intent: { id: string; amountCents: number; packageId: string; coins: number };
}): Promise<number> {
  const { intent } = options;
  const payload = JSON.stringify({
    id: `evt_chaos_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        amount_received: intent.amountCents,
        currency: 'usd',
        status: 'succeeded',
        livemode: false,
        metadata: {
          userId: String(options.userId),
          packageId: intent.packageId,
          coins: String(intent.coins),
        },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', options.secret).update(`${t}.${payload}`).digest('hex');
  const started = performance.now();
  let status = 0;
  let response: unknown;
  try {
    const res = await fetch(`${options.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
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
