import { ConfigError, type Clock, type Logger, type Random, type Db } from '@touchline/kit';
import type { WalletConfig } from '../config';
import { paymentsModeOf, type PaymentsMode } from '../domain/payment-mode';
import type { PaymentProvider } from './provider';
import { TestPaymentProvider } from './test-provider';
import { TestWebhookSender } from './test-webhooks';

export type { PaymentProvider } from './provider';
export { TestPaymentProvider } from './test-provider';

export interface Payments {
  /** live: only real payments count toward cash-outs; test: PAYMENTS_MODE=test said so. */
  mode: PaymentsMode;
  provider: PaymentProvider;
  /** The test provider's card form and webhook sender; undefined when Stripe takes the payments. */
  test?: TestPaymentProvider;
}

/**
 * Chooses the provider from the configuration (docs/design.md#2-three-ways-to-run-it-one-code-path: configuration, not code forks).
 * No Stripe key and no explicit PAYMENTS_MODE=test stops start-up: a deployment never takes test
 * payments by omission. Half a Stripe configuration stops it too: a live key without its webhook secret would take
 * money whose webhooks are then all refused.
 */
export async function createPayments(
  config: WalletConfig,
  deps: { db: Db; clock: Clock; random: Random; logger: Logger },
): Promise<Payments> {
  const chosen = paymentsModeOf(config);
  if ('problem' in chosen)
    throw new ConfigError(`Invalid configuration:\n  PAYMENTS_MODE: ${chosen.problem}`);
  const { mode } = chosen;
  if (config.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required with STRIPE_SECRET_KEY (not set)`).join('\n')}`,
      );
    // The SDK is loaded only here and when test mode first signs an event (offline-stripe.ts).
    const { StripePaymentProvider } = await import('./stripe-provider');
    return {
      mode,
      provider: new StripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        apiBase: config.STRIPE_API_BASE,
      }),
    };
  }
  const secret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${deps.random.bytes(24).toString('hex')}`;
  const webhooks = new TestWebhookSender({
    secret,
    delayMs: config.TEST_PAYMENTS_WEBHOOK_DELAY_MS,
    logger: deps.logger,
  });
  const test = new TestPaymentProvider(deps.db, deps.clock, deps.random, secret, webhooks);
  return { mode, provider: test, test };
}
