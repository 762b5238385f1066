import type { IntentMetadata, IntentStatus } from '../domain/payments';

export interface CreateIntentOrder {
  amountCents: number;
  currency: 'usd';
  metadata: IntentMetadata;
  /** Stripe's Idempotency-Key: a retried create returns the first intent. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** False for Stripe test keys and the test provider: no real money will move. */
  livemode: boolean;
}

export interface IntentView {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** False for Stripe test keys and the test provider: no real money moved. */
  livemode: boolean;
}

/** A verified webhook event; `intent` is the PaymentIntent of payment_intent.* events. */
export interface WebhookEvent {
  id: string;
  type: string;
  intent?: IntentView;
}

/**
 * The card payment provider (docs/design.md#3-money-one-ledger): Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * built-in test provider. The use cases see only this, so both modes run the same crediting code.
 */
export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  /** What the web loads Stripe.js with; empty in test mode. */
  readonly publishableKey: string;
  createIntent(order: CreateIntentOrder): Promise<CreatedIntent>;
  /** undefined when no intent has this id. */
  retrieveIntent(id: string): Promise<IntentView | undefined>;
  /**
   * Charges an intent the card holder authorized (requires_capture): the wallet decides on the
   * spending limit between the authorization and this. Safe to repeat.
   */
  captureIntent(id: string): Promise<IntentView>;
  /** Cancels an intent that was not charged (releases an authorization). Safe to repeat. */
  cancelIntent(id: string): Promise<void>;
  /** Checks the Stripe-Signature header over the raw body; throws invalid(INVALID_SIGNATURE) on a mismatch. */
  verifyWebhook(payload: Buffer, signature: string): Promise<WebhookEvent>;
}
