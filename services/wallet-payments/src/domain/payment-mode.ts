/**
 * Whether a deployment takes real payments. `live`: a Stripe key takes real money and only real
 * (livemode) payments count toward cash-outs. `test`: PAYMENTS_MODE=test said so explicitly (the
 * built-in test provider or Stripe test keys); test payments count, and every cash-out is marked test.
 */
export type PaymentsMode = 'live' | 'test';

export const PAYMENTS_MODE_REQUIRED =
  'STRIPE_SECRET_KEY is not set: set STRIPE_SECRET_KEY (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET) to take real payments, or PAYMENTS_MODE=test to run with test payments only';

/**
 * The mode from the configuration, or the reason to refuse to start: without a Stripe key only an
 * explicit PAYMENTS_MODE=test runs (a deployment never falls back to test payments by omission).
 */
export function paymentsModeOf(config: {
  STRIPE_SECRET_KEY?: string;
  PAYMENTS_MODE?: PaymentsMode;
}): { mode: PaymentsMode } | { problem: string } {
  if (config.PAYMENTS_MODE === 'test') return { mode: 'test' };
  if (!config.STRIPE_SECRET_KEY) return { problem: PAYMENTS_MODE_REQUIRED };
  return { mode: 'live' };
}

/** Whether a payment backs cash-outs here: in a live deployment only real money does. */
export function countsTowardCashouts(mode: PaymentsMode, livemode: boolean): boolean {
  return mode === 'test' || livemode;
}
