import { describe, expect, it } from 'vitest';
import { offlineStripe } from '../src/payments/offline-stripe';
import { verifyStripeEvent } from '../src/payments/webhook-event';

const SECRET = 'whsec_webhook_event_test';

function signed(intent: object, livemode: boolean) {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode,
    data: { object: { object: 'payment_intent', id: 'pi_1', amount: 2_000, currency: 'usd', ...intent } },
  });
  const signature = offlineStripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return verifyStripeEvent(offlineStripe.webhooks, Buffer.from(payload), signature, SECRET);
}

describe('a verified Stripe event', () => {
  it("keeps the intent's own mode", () => {
    expect(signed({ livemode: true }, false).intent?.livemode).toBe(true);
  });

  // A purchase row needs its mode: an intent without the field once made the credit fail (not null).
  it("takes the event's mode when the intent does not say", () => {
    expect(signed({}, false).intent?.livemode).toBe(false);
    expect(signed({}, true).intent?.livemode).toBe(true);
  });
});
