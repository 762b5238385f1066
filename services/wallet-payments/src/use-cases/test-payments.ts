import { notFound } from '@touchline/kit';
import type { AuthenticateTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentRequest';
import type { AuthenticateTestPaymentResponse__Output as AuthenticateTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentResponse';
import type { ConfirmTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentRequest';
import type { ConfirmTestPaymentResponse__Output as ConfirmTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentResponse';
import { userAccount } from '../domain/accounts';
import type { TestPaymentProvider } from '../payments';
import { checkIntentId } from './confirm-payment';
import type { PaymentDeps } from './deps';

export const TEST_PAYMENTS_OFF = 'Test payments are not available: payments go through Stripe';

/** Only without STRIPE_SECRET_KEY: with real Stripe, card details never pass through our servers. */
function testProvider(deps: PaymentDeps): TestPaymentProvider {
  if (!deps.testPayments) throw notFound(TEST_PAYMENTS_OFF);
  return deps.testPayments;
}

export function confirmTestPayment(
  deps: PaymentDeps,
  request: ConfirmTestPaymentRequest__Output,
): Promise<ConfirmTestPaymentResponse> {
  const provider = testProvider(deps);
  userAccount(request.userId);
  return provider.confirm(request.userId, checkIntentId(request.paymentIntentId), {
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
  userAccount(request.userId);
  const result = await provider.authenticate(
    request.userId,
    checkIntentId(request.paymentIntentId),
    request.fail,
  );
  return { status: result.status, errorMessage: result.errorMessage };
}
