import { z } from 'zod';
import { booleanFromEnv, optionalEnv } from '@touchline/kit';
import { MAX_AMOUNT } from './domain/validation';

/** Environment variables of wallet-payments on top of kit's base configuration. */
export const walletConfigSchema = z.object({
  // Coins granted from platform:mint on sign-up (docs/design.md#3-money-one-ledger); 0 turns the grant off.
  WELCOME_COINS: z.coerce.number().int().min(0).max(MAX_AMOUNT).default(10_000),

  // live: a Stripe key takes real money, and only real payments count toward cash-outs. test: test
  // payments (the built-in provider, or Stripe test keys) count, and cash-outs are marked test.
  // Without STRIPE_SECRET_KEY the wallet refuses to start unless this says test (`npm start` sets it).
  PAYMENTS_MODE: optionalEnv(z.enum(['live', 'test'])),

  // Stripe (docs/design.md#3-money-one-ledger). Without STRIPE_SECRET_KEY the built-in test provider takes payments.
  STRIPE_SECRET_KEY: optionalEnv(
    z.string().regex(/^(sk|rk)_/, 'expected a Stripe secret key (sk_… or rk_…)'),
  ),
  // Given to the web for Stripe.js; required with STRIPE_SECRET_KEY.
  STRIPE_PUBLISHABLE_KEY: optionalEnv(z.string().regex(/^pk_/, 'expected a Stripe publishable key (pk_…)')),
  // Verifies webhook signatures; required with STRIPE_SECRET_KEY. In test mode it signs the test
  // provider's events when set (tests post their own), else a random secret per process does.
  STRIPE_WEBHOOK_SECRET: optionalEnv(
    z.string().regex(/^whsec_/, 'expected a webhook signing secret (whsec_…)'),
  ),
  // Another API origin than https://api.stripe.com, e.g. http://127.0.0.1:12111 (stripe-mock, test fakes).
  STRIPE_API_BASE: optionalEnv(z.url({ protocol: /^https?$/ })),
  // Test mode: how late the test provider delivers its payment_intent.succeeded webhook.
  TEST_PAYMENTS_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),

  // Seeds the demo promo codes (WELCOME2026, RAREPACK, LEGEND, KICKOFF, EXPIRED2025), each with a total
  // limit. Only when asked for: `npm start` (embedded) sets it, the stack and production do not.
  DEMO_PROMO_CODES: booleanFromEnv,
  // How often the sweeper retries promo card rewards whose minting failed, and how long a fresh
  // redemption is left to its own request before the sweeper may take it.
  PROMO_MINT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
  PROMO_MINT_RETRY_AFTER_MS: z.coerce.number().int().min(0).default(5_000),
  // How often the platform accounts' appended balance changes are folded into their rows (decision
  // 0020); reads add the changes not yet folded, so this only bounds how many wait.
  PLATFORM_BALANCE_FOLD_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
});
export type WalletConfig = z.output<typeof walletConfigSchema>;
