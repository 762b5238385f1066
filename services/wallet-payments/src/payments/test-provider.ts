import {
  businessRule,
  conflict,
  forbidden,
  notFound,
  type Clock,
  type Random,
  inTransaction,
  type Db,
  type Tx,
} from '@touchline/kit';
import {
  findTestIntent,
  insertTestIntent,
  lockTestIntent,
  setTestIntentStatus,
  type TestIntentRow,
} from '../db/test-intents';
import { PAYMENT_NOT_FOUND, PAYMENT_OF_ANOTHER_USER } from '../domain/payments';
import { AUTHENTICATION_FAILED, cardOutcome, type CardDetails } from '../domain/test-cards';
import type { CreateIntentOrder, CreatedIntent, IntentView, PaymentProvider, WebhookEvent } from './provider';
import type { TestWebhookSender } from './test-webhooks';
import { verifyStripeEvent } from './webhook-event';

export const NO_AUTHENTICATION_NEEDED = 'This payment does not need authentication';
export const PAYMENT_CANNOT_BE_CONFIRMED = 'This payment can no longer be confirmed';

/**
 * Asked inside the charge's transaction, just before a card is charged: the refusal (the intent is
 * then cancelled, the card never charged), or undefined to charge it.
 */
export type BeforeCharge = (trx: Tx, intentId: string) => Promise<string | undefined>;

const chargeAllowed: BeforeCharge = () => Promise.resolve(undefined);

export interface TestPaymentResult {
  status: string;
  errorMessage: string;
  nextAction: string;
}

function view(row: TestIntentRow): IntentView {
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    metadata: row.metadata,
    livemode: false,
  };
}

function sameOrder(row: TestIntentRow, order: CreateIntentOrder): boolean {
  return (
    Number(row.amount) === order.amountCents &&
    row.currency === order.currency &&
    // jsonb reorders keys: compare them one by one.
    Object.entries(order.metadata).every(([key, value]) => row.metadata[key] === value)
  );
}

/**
 * The payment provider without STRIPE_SECRET_KEY (embedded mode, demos, tests): intents live in the
 * wallet schema and the card form's test numbers behave like Stripe's (domain/test-cards.ts). A
 * success is also announced as a signed payment_intent.succeeded webhook, as Stripe would.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test';
  readonly publishableKey = '';

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly webhookSecret: string,
    readonly webhooks: TestWebhookSender,
  ) {}

  async createIntent(order: CreateIntentOrder): Promise<CreatedIntent> {
    const id = `pi_test_${this.random.bytes(12).toString('hex')}`;
    const now = this.clock.now();
    const row: TestIntentRow = {
      id,
      client_secret: `${id}_secret_${this.random.bytes(12).toString('hex')}`,
      idempotency_key: order.idempotencyKey,
      amount: order.amountCents,
      currency: order.currency,
      status: 'requires_payment_method',
      metadata: { ...order.metadata },
      last_error: null,
      created_at: now,
      updated_at: now,
    };
    const created = await insertTestIntent(this.db, row);
    const intent = created
      ? row
      : (await findTestIntent(this.db, { idempotency_key: order.idempotencyKey }))!;
    // Stripe refuses a key reused with other parameters rather than answering the first intent.
    if (!sameOrder(intent, order)) throw conflict('Idempotency key was used for another payment');
    return { id: intent.id, clientSecret: intent.client_secret, status: intent.status, livemode: false };
  }

  async retrieveIntent(id: string): Promise<IntentView | undefined> {
    const row = await findTestIntent(this.db, { id });
    return row && view(row);
  }

  async verifyWebhook(payload: Buffer, signature: string): Promise<WebhookEvent> {
    const { offlineStripe } = await import('./offline-stripe');
    return verifyStripeEvent(offlineStripe.webhooks, payload, signature, this.webhookSecret);
  }

  async captureIntent(id: string): Promise<IntentView> {
    return inTransaction(this.db, async (trx) => {
      const row = await lockTestIntent(trx, id);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      if (row.status !== 'requires_capture') return view(row);
      await setTestIntentStatus(trx, id, 'succeeded', null, this.clock.now());
      return { ...view(row), status: 'succeeded' };
    });
  }

  async cancelIntent(id: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const row = await lockTestIntent(trx, id);
      if (!row || row.status === 'succeeded' || row.status === 'canceled') return;
      await setTestIntentStatus(trx, id, 'canceled', null, this.clock.now());
    });
  }

  /** The card form's "Pay": what Stripe.js's confirmCardPayment does with a test card. */
  confirm(
    userId: number,
    intentId: string,
    card: CardDetails,
    beforeCharge: BeforeCharge = chargeAllowed,
  ): Promise<TestPaymentResult> {
    return this.change(userId, intentId, beforeCharge, (row) => {
      if (row.status !== 'requires_payment_method' && row.status !== 'requires_action')
        throw businessRule(PAYMENT_CANNOT_BE_CONFIRMED);
      const outcome = cardOutcome(card, this.clock.now());
      return { status: outcome.status, error: 'error' in outcome ? outcome.error : null };
    });
  }

  /** The 3-D Secure page's "Complete" (or "Fail") of an intent waiting in requires_action. */
  authenticate(
    userId: number,
    intentId: string,
    fail: boolean,
    beforeCharge: BeforeCharge = chargeAllowed,
  ): Promise<TestPaymentResult> {
    return this.change(userId, intentId, beforeCharge, (row) => {
      if (row.status !== 'requires_action') throw businessRule(NO_AUTHENTICATION_NEEDED);
      return fail
        ? { status: 'requires_payment_method', error: AUTHENTICATION_FAILED }
        : { status: 'succeeded', error: null };
    });
  }

  /**
   * Moves the locked intent to the next status. A succeeded intent stays succeeded and answers so
   * (a double click pays once); the webhook goes out after the commit, like Stripe's. A charge
   * that `beforeCharge` refuses cancels the intent in the same transaction.
   */
  private async change(
    userId: number,
    intentId: string,
    beforeCharge: BeforeCharge,
    next: (row: TestIntentRow) => { status: TestIntentRow['status']; error: string | null },
  ): Promise<TestPaymentResult> {
    const result = await inTransaction(this.db, async (trx) => {
      const row = await lockTestIntent(trx, intentId);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      if (row.metadata.userId !== String(userId)) throw forbidden(PAYMENT_OF_ANOTHER_USER);
      if (row.status === 'succeeded') return { row, status: row.status, error: null, changed: false };
      let { status, error } = next(row);
      if (status === 'succeeded') {
        const refusal = await beforeCharge(trx, intentId);
        if (refusal) [status, error] = ['canceled', refusal];
      }
      await setTestIntentStatus(trx, intentId, status, error, this.clock.now());
      return { row, status, error, changed: true };
    });
    if (result.changed && result.status === 'succeeded')
      this.webhooks.succeeded({ ...view(result.row), status: 'succeeded' });
    return {
      status: result.status,
      errorMessage: result.error ?? '',
      nextAction: result.status === 'requires_action' ? 'authenticate' : '',
    };
  }
}
