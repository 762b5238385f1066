import { userIdOf } from './accounts';
import { MAX_AMOUNT } from './validation';

export const CURRENCY = 'usd';

export const UNKNOWN_PACKAGE = 'Unknown coin package';
export const AMOUNT_MISMATCH = 'Amount does not match the package';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYMENT_NOT_SUCCEEDED = 'Payment has not succeeded';
export const PAYMENT_OF_ANOTHER_USER = 'This payment belongs to another user';
export const INVALID_SIGNATURE = 'Invalid webhook signature';

/** Status names of Stripe's PaymentIntent; the test provider uses the same ones. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** What the wallet writes into an intent's metadata when it creates it (Stripe stores strings only). */
export interface IntentMetadata {
  userId: string;
  packageId: string;
  coins: string;
}

/** The purchase an intent stands for, read back from its metadata and amount. */
export interface PurchaseTerms {
  paymentIntentId: string;
  userId: number;
  packageId: string;
  coins: number;
  amountCents: number;
  currency: string;
}

/**
 * The purchase of an intent, or undefined when the intent was not made by this wallet (another
 * product on the same Stripe account, or metadata edited by hand). The coins come from the metadata,
 * fixed when the price was shown: a package repriced since must not change what was paid for.
 */
export function purchaseTerms(intent: {
  id: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}): PurchaseTerms | undefined {
  const { userId, packageId, coins } = intent.metadata;
  const user = userId === undefined ? undefined : userIdOf(`user:${userId}`);
  const amount = Number(coins);
  if (user === undefined || !packageId || !Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT)
    return undefined;
  if (!Number.isSafeInteger(intent.amount) || intent.amount <= 0) return undefined;
  return {
    paymentIntentId: intent.id,
    userId: user,
    packageId,
    coins: amount,
    amountCents: intent.amount,
    currency: intent.currency,
  };
}

/** What the wallet stored when it created an intent (db/payment-intents.ts). */
export interface CreatedIntentRecord {
  userId: number;
  packageId: string;
  amountCents: number;
  currency: string;
  coins: number;
}

/**
 * Why an intent's purchase is not one the wallet created, or undefined when it is: the intent must be
 * one the wallet stored at creation, for the same user, package, coins, amount and currency. Anything
 * else (an intent made elsewhere on the account, metadata edited by hand, a forged event signed with
 * a leaked secret) credits nothing, whatever its metadata promises.
 */
export function notCreatedHere(
  terms: PurchaseTerms,
  created: CreatedIntentRecord | undefined,
): string | undefined {
  if (!created) return 'the wallet did not create this payment intent';
  const differing = [
    terms.userId !== created.userId && 'userId',
    terms.packageId !== created.packageId && 'packageId',
    terms.coins !== created.coins && 'coins',
    terms.amountCents !== created.amountCents && 'amount',
    terms.currency !== created.currency && 'currency',
  ].filter((field): field is string => typeof field === 'string');
  return differing.length > 0
    ? `${differing.join(', ')} differ from the payment intent the wallet created`
    : undefined;
}

export const NOT_A_COIN_PURCHASE = 'This payment is not a coin purchase';

/** The ledger key of a purchase's credit: one per PaymentIntent, whichever path posts it. */
export const purchaseKey = (paymentIntentId: string) => `payment:${paymentIntentId}`;
