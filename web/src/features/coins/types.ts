/** Gateway contract of coin purchases and promo codes (economy spec, sections 3 and 7). */

import type { Card } from '@/features/cards/types';

export type CoinPackageId = 'starter-stack' | 'rare-roll' | 'epic-edge' | 'legend-vault' | 'ultra-stack';

/** GET /api/coin-packages. */
export interface CoinPackage {
  id: CoinPackageId | (string & {});
  name: string;
  /** Price in US dollars (20 means $20.00). */
  amount: number;
  coins: number;
  description: string;
  isPopular: boolean;
}

/** POST /api/create-payment-intent. The server prices the package; amount is only checked against it. */
export interface CreatePaymentIntentRequest {
  packageId: string;
  amount: number;
}

export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** US dollars. */
  amount: number;
  coins: number;
  /** True without Stripe: the card form posts Stripe's test cards to /api/test-payments. */
  testMode: boolean;
  /** Stripe's publishable key; present when payments go through Stripe. */
  publishableKey?: string;
}

/** POST /api/test-payments/{id}/confirm. */
export interface TestCardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type TestPaymentStatus = 'succeeded' | 'requires_action' | 'requires_payment_method';

/** The answer of a test-mode confirm or authenticate: a refused card is a result, not an HTTP error. */
export interface TestPaymentResult {
  paymentIntentId: string;
  status: TestPaymentStatus | (string & {});
  nextAction: 'authenticate' | null;
  error: { message: string } | null;
}

/** POST /api/payment/success. */
export interface PaymentSuccessResponse {
  /** Coins this purchase added. */
  added: number;
  /** The balance afterwards. */
  coins: number;
  /** The webhook (or an earlier call) had already credited them. */
  alreadyCredited?: boolean;
}

export interface PromoPackReward {
  name: string;
  quantity: number;
}

export interface PromoReward {
  coins: number;
  card: Card | null;
  packs: PromoPackReward[];
  generatedCards: Card[];
}

/** POST /api/promo/redeem: a code turned down is 200 with success false and the reason. */
export type PromoRedeemResponse =
  | { success: true; message: string; reward: PromoReward; coins?: number }
  | { success: false; message: string };
