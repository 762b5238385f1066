import { describe, expect, it } from 'vitest';
import { offlineStripe } from '../src/payments/offline-stripe';
import { INVALID_SIGNATURE } from '../src/domain/payments';
import { notFromTheFuture, verifyStripeEvent } from '../src/payments/webhook-event';

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

describe('the signature timestamp', () => {
  const NOW_MS = Date.parse('2026-11-27T12:00:00Z');
  const at = (offsetSeconds: number) => {
    const payload = JSON.stringify({
      id: 'evt_t',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const timestamp = NOW_MS / 1000 + offsetSeconds;
    const signature = offlineStripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });
    return () => verifyStripeEvent(offlineStripe.webhooks, Buffer.from(payload), signature, SECRET, NOW_MS);
  };

  it('is accepted within 5 minutes either way', () => {
    for (const offset of [-300, -1, 0, 1, 300]) expect(at(offset)().id).toBe('evt_t');
  });

  // Issue #29 item 9: a timestamp 600 s in the future was accepted (constructEvent checks the past only).
  it('is refused more than 5 minutes ahead or behind', () => {
    for (const offset of [600, 301, -301, -600]) expect(at(offset)).toThrow(INVALID_SIGNATURE);
  });

  it('is refused when any t= of the header is ahead, or none is there', () => {
    expect(notFromTheFuture('t=1000,v1=ab,t=99999999999', 1_000_000)).toBe(false);
    expect(notFromTheFuture('v1=ab', 1_000_000)).toBe(false);
    expect(notFromTheFuture('t=abc,v1=ab', 1_000_000)).toBe(false);
    expect(notFromTheFuture('t=1000, v1=ab', 1_000_000)).toBe(true);
  });
});
