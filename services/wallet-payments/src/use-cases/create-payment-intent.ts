import { businessRule, invalid, inTransaction } from '@touchline/kit';
import type { CreatePaymentIntentRequest__Output } from '@touchline/protos/gen/touchline/wallet/CreatePaymentIntentRequest';
import type { CreatePaymentIntentResponse__Output as CreatePaymentIntentResponse } from '@touchline/protos/gen/touchline/wallet/CreatePaymentIntentResponse';
import { recordPaymentIntent } from '../db/payment-intents';
import { checkedUserAccount } from '../domain/accounts';
import { findCoinPackage } from '../domain/coin-packages';
import { AMOUNT_MISMATCH, CURRENCY, UNKNOWN_PACKAGE } from '../domain/payments';
import { checkKey } from '../domain/validation';
import type { PaymentDeps } from './deps';
import { checkSpendingLimit, decideIntent } from './spending-limit';

/**
 * Starts a coin purchase. The price and the coins come from the package; the amount the client
 * showed must be that price (a tampered or stale page is refused, never charged a different sum).
 * Who and what are written into the intent's metadata and stored in payment_intents: both crediting
 * paths read the metadata back and credit only when it matches the stored intent.
 * A purchase that would pass the player's monthly spending limit by what was spent is refused before
 * any intent exists. Counting the player's open intents too needs the user's lock, which is not held
 * across the provider's call: the new intent is decided once stored, and one refused then is
 * cancelled at the provider before its secret ever reaches the browser.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  request: CreatePaymentIntentRequest__Output,
): Promise<CreatePaymentIntentResponse> {
  checkedUserAccount(request.userId);
  const pkg = findCoinPackage(request.packageId);
  if (!pkg) throw invalid(UNKNOWN_PACKAGE);
  if (request.amountCents !== pkg.priceCents) throw invalid(AMOUNT_MISMATCH);
  const key = checkKey(request.idempotencyKey);
  await checkSpendingLimit(deps.db, deps.clock.now(), request.userId, pkg.priceCents);
  const intent = await deps.payments.createIntent({
    amountCents: pkg.priceCents,
    currency: CURRENCY,
    metadata: { userId: String(request.userId), packageId: pkg.id, coins: String(pkg.coins) },
    // Scoped to the user: one user's key can never return another user's intent.
    idempotencyKey: `touchline:intent:${request.userId}:${key}`,
  });
  // Stored before the client can pay (it needs the secret below): a credit names a stored intent.
  const refusal = await inTransaction(deps.db, async (trx) => {
    await recordPaymentIntent(trx, {
      id: intent.id,
      user_id: request.userId,
      package_id: pkg.id,
      amount_cents: pkg.priceCents,
      currency: CURRENCY,
      coins: pkg.coins,
      livemode: intent.livemode,
      created_at: deps.clock.now(),
    });
    return decideIntent(trx, deps.clock.now(), intent.id, 'new-intent');
  });
  if (refusal) {
    await cancelRefused(deps, intent.id);
    throw businessRule(refusal);
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: pkg.priceCents,
    coins: pkg.coins,
    testMode: deps.payments.mode === 'test',
    publishableKey: deps.payments.publishableKey,
  };
}

/**
 * The intent is closed in the wallet, so no charge of it is ever allowed (test confirmation, Stripe
 * capture); cancelling it at the provider as well is tidiness, and a provider that cannot be
 * reached now does not turn the refusal into an error.
 */
async function cancelRefused(deps: PaymentDeps, intentId: string): Promise<void> {
  try {
    await deps.payments.cancelIntent(intentId);
  } catch (error) {
    deps.logger.warn(
      { intentId, err: error },
      'could not cancel a payment intent refused by the spending limit',
    );
  }
}
