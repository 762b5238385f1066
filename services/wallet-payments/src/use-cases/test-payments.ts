import { businessRule, notFound } from '@touchline/kit';
import type { AuthenticateTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentRequest';
import type { AuthenticateTestPaymentResponse__Output as AuthenticateTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/AuthenticateTestPaymentResponse';
import type { ConfirmTestPaymentRequest__Output } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentRequest';
import type { ConfirmTestPaymentResponse__Output as ConfirmTestPaymentResponse } from '@touchline/protos/gen/touchline/wallet/ConfirmTestPaymentResponse';
import { checkedUserAccount } from '../domain/accounts';
import type { TestPaymentProvider } from '../payments';
import type { BeforeCharge, TestPaymentResult } from '../payments/test-provider';
import { checkIntentId } from './confirm-payment';
import type { PaymentDeps } from './deps';
import { decideIntent } from './spending-limit';

export const TEST_PAYMENTS_OFF = 'Test payments are not available: payments go through Stripe';

/** Only without STRIPE_SECRET_KEY: with real Stripe, card details never pass through our servers. */
function testProvider(deps: PaymentDeps): TestPaymentProvider {
  if (!deps.testPayments) throw notFound(TEST_PAYMENTS_OFF);
  return deps.testPayments;
}

/**
 * The spending limit is decided again when the card is about to be charged, in the charge's own
 * transaction: an intent made before the player lowered the limit, or several made at once, cannot
 * take the month past it. A refused charge cancels the intent; nothing was charged.
 */
function limitAtCharge(deps: PaymentDeps): BeforeCharge {
  return (trx, intentId) => decideIntent(trx, deps.clock.now(), intentId, 'charge');
}

function refusedByLimit(result: TestPaymentResult): TestPaymentResult {
  if (result.status === 'canceled' && result.errorMessage) throw businessRule(result.errorMessage);
  return result;
}

export async function confirmTestPayment(
  deps: PaymentDeps,
  request: ConfirmTestPaymentRequest__Output,
): Promise<ConfirmTestPaymentResponse> {
  const provider = testProvider(deps);
  checkedUserAccount(request.userId);
  const intentId = checkIntentId(request.paymentIntentId);
  return refusedByLimit(
    await provider.confirm(
      request.userId,
      intentId,
      {
        number: request.cardNumber,
        expMonth: request.expMonth,
        expYear: request.expYear,
        cvc: request.cvc,
      },
      limitAtCharge(deps),
    ),
  );
}

export async function authenticateTestPayment(
  deps: PaymentDeps,
  request: AuthenticateTestPaymentRequest__Output,
): Promise<AuthenticateTestPaymentResponse> {
  const provider = testProvider(deps);
  checkedUserAccount(request.userId);
  const result = refusedByLimit(
    await provider.authenticate(
      request.userId,
      checkIntentId(request.paymentIntentId),
      request.fail,
      limitAtCharge(deps),
    ),
  );
  return { status: result.status, errorMessage: result.errorMessage };
}
