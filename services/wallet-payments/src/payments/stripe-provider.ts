import Stripe from 'stripe';
import { unavailable } from '@touchline/kit';
import { intentView, verifyStripeEvent } from './webhook-event';
import type { CreateIntentOrder, CreatedIntent, IntentView, PaymentProvider, WebhookEvent } from './provider';
import type { IntentStatus } from '../domain/payments';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin than api.stripe.com (stripe-mock, a test fake). */
  apiBase?: string;
}

/** host, port and protocol for the Stripe constructor from an origin such as http://127.0.0.1:12111. */
function endpointOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

export const PAYMENTS_UNAVAILABLE = 'Payments are temporarily unavailable. Please try again.';

/**
 * Stripe unreachable or failing on its side (after the SDK's own retries): nothing is decided, so the
 * caller hears 503 with Retry-After (docs/design.md#6-security), never a 500.
 */
function whenStripeIsDown(error: unknown): never {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  )
    throw unavailable(PAYMENTS_UNAVAILABLE);
  throw error;
}

/** Real card payments through the official SDK (STRIPE_SECRET_KEY set). */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe';
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, {
      ...endpointOf(settings.apiBase),
      // The SDK retries network failures and 5xx itself, reusing the idempotency key.
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'Touchline' },
    });
  }

  async createIntent(order: CreateIntentOrder): Promise<CreatedIntent> {
    const intent = await this.stripe.paymentIntents
      .create(
        {
          amount: order.amountCents,
          currency: order.currency,
          metadata: { ...order.metadata },
          automatic_payment_methods: { enabled: true },
          // The browser only authorizes the card; the wallet charges it after checking the
          // spending limit (docs/design.md#3-money-one-ledger), or cancels the authorization.
          capture_method: 'manual',
        },
        { idempotencyKey: order.idempotencyKey },
      )
      .catch(whenStripeIsDown);
    return {
      id: intent.id,
      clientSecret: intent.client_secret ?? '',
      status: intent.status as IntentStatus,
      livemode: intent.livemode,
    };
  }

  async retrieveIntent(id: string): Promise<IntentView | undefined> {
    try {
      return intentView(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      return whenStripeIsDown(error);
    }
  }

  async captureIntent(id: string): Promise<IntentView> {
    const intent = await this.stripe.paymentIntents
      .capture(id, {}, { idempotencyKey: `touchline:capture:${id}` })
      .catch(whenStripeIsDown);
    return intentView(intent);
  }

  async cancelIntent(id: string): Promise<void> {
    await this.stripe.paymentIntents
      .cancel(id, {}, { idempotencyKey: `touchline:cancel:${id}` })
      .catch(whenStripeIsDown);
  }

  async verifyWebhook(payload: Buffer, signature: string): Promise<WebhookEvent> {
    return verifyStripeEvent(this.stripe.webhooks, payload, signature, this.settings.webhookSecret);
  }
}
