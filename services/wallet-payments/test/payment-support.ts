import type { Knex } from 'knex';
import { Outbox, systemClock, systemRandom, type Clock } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { decodeEvent, type EventOutput } from '@touchline/protos';
import { TestPaymentProvider } from '../src/payments';
import { TestWebhookSender } from '../src/payments/test-webhooks';
import type { PaymentDeps } from '../src/use-cases/deps';
import { handleStripeWebhook } from '../src/use-cases/stripe-webhook';

export const WEBHOOK_SECRET = 'whsec_touchline_tests';
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINE = '4000 0000 0000 0002';
export const CARD_3DS = '4000 0025 0000 3155';
export const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
  idempotencyKey: '',
});

export interface Delivery {
  payload: Buffer;
  signature: string;
}

export interface TestModeDeps {
  deps: PaymentDeps & { testPayments: TestPaymentProvider };
  /** Webhooks the test provider sent, when they are captured instead of delivered. */
  captured: Delivery[];
}

/**
 * Use-case dependencies with the test provider on `db`. `webhooks: 'deliver'` hands the provider's
 * signed events to the webhook use case as the service does; 'capture' keeps them for the test to
 * deliver when it wants (races, repeats).
 */
export function testModeDeps(
  db: Knex,
  webhooks: 'deliver' | 'capture',
  clock: Clock = systemClock,
): TestModeDeps {
  const captured: Delivery[] = [];
  const sender = new TestWebhookSender({ secret: WEBHOOK_SECRET, delayMs: 0, logger: silentLogger });
  const provider = new TestPaymentProvider(db, clock, systemRandom, WEBHOOK_SECRET, sender);
  const deps = {
    db,
    outbox: new Outbox(clock, systemRandom),
    clock,
    logger: silentLogger,
    welcomeCoins: 0,
    paymentsMode: 'test' as const,
    payments: provider,
    testPayments: provider,
  };
  sender.deliverTo(async (payload, signature) => {
    if (webhooks === 'capture') captured.push({ payload, signature });
    else await handleStripeWebhook(deps, { payload, signature });
  });
  return { deps, captured };
}

export async function purchasesOf(db: Knex, userId: number) {
  return (await db('purchases').where({ user_id: userId }).orderBy('id')) as {
    payment_intent_id: string;
    package_id: string;
    amount_cents: number;
    coins: number;
    via: string;
    livemode: boolean;
  }[];
}

export async function paymentEvents(
  db: Knex,
  userId: number,
): Promise<EventOutput<'wallet.payment.succeeded'>[]> {
  const rows = (await db('outbox')
    .where({ topic: 'wallet.payment.succeeded', key: String(userId) })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((row) => decodeEvent('wallet.payment.succeeded', row.payload));
}
