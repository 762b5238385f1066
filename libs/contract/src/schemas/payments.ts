import { z } from 'zod';
import { Card } from './cards';

export const CoinPackage = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Price in US dollars (20 means $20.00). */
    amount: z.number(),
    coins: z.number(),
    description: z.string(),
    isPopular: z.boolean(),
  })
  .meta({ id: 'CoinPackage' });
export type CoinPackage = z.infer<typeof CoinPackage>;

/**
 * The spec's payload is {amount}; the package id says which package is meant. The wallet prices it
 * and refuses an amount that is not that price (tampering, a stale page).
 */
export const CreatePaymentIntentBody = z.strictObject({
  amount: z.number({ error: 'amount must be a number' }).positive().max(100_000),
  packageId: z.string().min(1).max(64).optional(),
});
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentBody>;

export const PaymentIntent = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** US dollars. */
  amount: z.number(),
  coins: z.number(),
  /** True without Stripe: the card form posts Stripe's test cards to /api/test-payments. */
  testMode: z.boolean(),
  /** Stripe's publishable key; present when payments go through Stripe. */
  publishableKey: z.string().optional(),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

export const PaymentSuccessBody = z.strictObject({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).min(1).max(255),
});

export const PaymentSuccess = z.object({
  /** Coins this purchase added. */
  added: z.number(),
  /** The balance afterwards. */
  coins: z.number(),
  /** Stripe's webhook (or an earlier call) had already credited them. */
  alreadyCredited: z.boolean(),
});
export type PaymentSuccess = z.infer<typeof PaymentSuccess>;

export const IntentParams = z.object({ intentId: z.string().min(1).max(255) });

export const TestCardBody = z.strictObject({
  cardNumber: z.string({ error: 'cardNumber is required' }).max(32),
  expMonth: z.coerce.number({ error: 'expMonth must be a number' }).int().min(0).max(99),
  expYear: z.coerce.number({ error: 'expYear must be a number' }).int().min(0).max(9999),
  cvc: z.string({ error: 'cvc is required' }).max(8),
});
export type TestCardBody = z.input<typeof TestCardBody>;

export const TestAuthenticateBody = z.strictObject({ fail: z.boolean().default(false) });

/** What Stripe.js's confirmCardPayment resolves to, in short: a refused card is a result, not an error. */
export const TestPaymentResult = z.object({
  paymentIntentId: z.string(),
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method']),
  nextAction: z.literal('authenticate').nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
export type TestPaymentResult = z.infer<typeof TestPaymentResult>;

/** Stripe's signed event, passed to the wallet as raw bytes. */
export const StripeEvent = z
  .looseObject({})
  .meta({ description: 'A Stripe event, signed in the Stripe-Signature header' });
export const WebhookReceived = z.object({ received: z.literal(true) });

export const PROMO_REQUIRED = 'Promo code is required';

/** Any body with a non-blank string `code`; the code is trimmed and cut to 200 characters. */
export const PromoRedeemBody = z
  .looseObject({
    code: z
      .unknown()
      .optional()
      .meta({ override: { type: 'string' } }),
  })
  .transform((body, ctx) => {
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (code === '') {
      ctx.addIssue({ code: 'custom', message: PROMO_REQUIRED, path: [] });
      return z.NEVER;
    }
    return { code: code.slice(0, 200) };
  });

export const PromoReward = z.object({
  coins: z.number(),
  card: Card.nullable(),
  packs: z.array(z.object({ name: z.string(), quantity: z.number() })),
  generatedCards: z.array(Card),
});
export type PromoReward = z.infer<typeof PromoReward>;

/** A code the wallet turns down (unknown, expired, used, exhausted) is 200 with success false and why. */
export const PromoRedeemResult = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), message: z.string(), reward: PromoReward, coins: z.number() }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type PromoRedeemResult = z.infer<typeof PromoRedeemResult>;

export type PaymentSuccessBody = z.infer<typeof PaymentSuccessBody>;
export type IntentParams = z.infer<typeof IntentParams>;
export type TestAuthenticateBody = z.infer<typeof TestAuthenticateBody>;
export type StripeEvent = z.infer<typeof StripeEvent>;
export type WebhookReceived = z.infer<typeof WebhookReceived>;
export type PromoRedeemBody = z.infer<typeof PromoRedeemBody>;
