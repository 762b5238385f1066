import { invalid } from '@touchline/kit';
import type { CreatePaymentIntentRequest__Output } from '@touchline/protos/gen/touchline/wallet/CreatePaymentIntentRequest';
import type { CreatePaymentIntentResponse__Output as CreatePaymentIntentResponse } from '@touchline/protos/gen/touchline/wallet/CreatePaymentIntentResponse';
import { recordPaymentIntent } from '../db/payment-intents';
import { checkedUserAccount } from '../domain/accounts';
import { findCoinPackage } from '../domain/coin-packages';
import { AMOUNT_MISMATCH, CURRENCY, UNKNOWN_PACKAGE } from '../domain/payments';
import { checkKey } from '../domain/validation';
import type { PaymentDeps } from './deps';
import { checkSpendingLimit } from './spending-limit';

/**
 * Starts a coin purchase. The price and the coins come from the package; the amount the client
 * showed must be that price (a tampered or stale page is refused, never charged a different sum).
 * Who and what are written into the intent's metadata and stored in payment_intents: both crediting
 * paths read the metadata back and credit only when it matches the stored intent.
 * A purchase that would pass the player's monthly spending limit is refused before any intent exists.
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
  await recordPaymentIntent(deps.db, {
    id: intent.id,
    user_id: request.userId,
    package_id: pkg.id,
    amount_cents: pkg.priceCents,
    currency: CURRENCY,
    coins: pkg.coins,
    livemode: intent.livemode,
    created_at: deps.clock.now(),
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amountCents: pkg.priceCents,
    coins: pkg.coins,
    testMode: deps.payments.mode === 'test',
    publishableKey: deps.payments.publishableKey,
  };
}
