import { notFound } from '@touchline/kit';
import type { AuthenticateTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentRequest';
import type { AuthenticateTestPaymentResponse__Output as AuthenticateTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentResponse';
import type { ConfirmTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentRequest';
import type { ConfirmTestPaymentResponse__Output as ConfirmTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentResponse';
import { findTestIntent } from '../db/test-intents';
import { checkedUserAccount } from '../domain/accounts';
import type { TestPaymentProvider } from '../payments';
import { checkIntentId } from './confirm-payment';
import type { PaymentDeps } from './deps';
import { checkSpendingLimit } from './spending-limit';

export const TEST_PAYMENTS_OFF = 'Test payments are not available: payments go through Stripe';

/** Only without STRIPE_SECRET_KEY: with real Stripe, card details never pass through our servers. */
function testProvider(deps: PaymentDeps): TestPaymentProvider {
  if (!deps.testPayments) throw notFound(TEST_PAYMENTS_OFF);
  return deps.testPayments;
}

/**
 * The spending limit is checked again when the card is charged: an intent made before the player
 * lowered the limit (or several made at once) cannot take the month past it.
 */
async function checkLimitAtCharge(deps: PaymentDeps, userId: number, intentId: string): Promise<void> {
  const intent = await findTestIntent(deps.db, { id: intentId });
  if (!intent || intent.status === 'succeeded' || intent.metadata.userId !== String(userId)) return;
  await checkSpendingLimit(deps.db, deps.clock.now(), userId, Number(intent.amount));
}

export async function confirmTestPayment(
  deps: PaymentDeps,
  request: ConfirmTestPaymentRequest__Output,
): Promise<ConfirmTestPaymentResponse> {
  const provider = testProvider(deps);
  checkedUserAccount(request.userId);
  const intentId = checkIntentId(request.paymentIntentId);
  await checkLimitAtCharge(deps, request.userId, intentId);
  return provider.confirm(request.userId, intentId, {
    number: request.cardNumber,
    expMonth: request.expMonth,
    expYear: request.expYear,
    cvc: request.cvc,
  });
}

export async function authenticateTestPayment(
  deps: PaymentDeps,
  request: AuthenticateTestPaymentRequest__Output,
): Promise<AuthenticateTestPaymentResponse> {
  const provider = testProvider(deps);
  checkedUserAccount(request.userId);
  const result = await provider.authenticate(
    request.userId,
    checkIntentId(request.paymentIntentId),
    request.fail,
  );
  return { status: result.status, errorMessage: result.errorMessage };
}
