/**
 * Stripe's test cards (https://docs.stripe.com/testing), as the built-in test provider answers them.
 * The messages are Stripe's own, so the card form shows the same text in both modes.
 */
export const CARD_DECLINED = 'Your card was declined.';
export const INCORRECT_NUMBER = 'Your card number is incorrect.';
export const INVALID_EXPIRY_MONTH = "Your card's expiration month is invalid.";
export const EXPIRED_CARD = 'Your card has expired.';
export const INVALID_CVC = "Your card's security code is invalid.";
export const INCORRECT_CVC = "Your card's security code is incorrect.";
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
export const NOT_A_TEST_CARD =
  'Your card was declined. Test mode only accepts test cards, such as 4242 4242 4242 4242.';

export type CardOutcome =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  | { status: 'requires_payment_method'; error: string };

const refused = (error: string): CardOutcome => ({ status: 'requires_payment_method', error });

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { status: 'succeeded' },
  '5555555555554444': { status: 'succeeded' },
  '4000000000000002': refused(CARD_DECLINED),
  '4000000000009995': refused(INSUFFICIENT_FUNDS),
  '4000000000000069': refused(EXPIRED_CARD),
  '4000000000000127': refused(INCORRECT_CVC),
  // 3-D Secure: the payment waits for the authentication step.
  '4000002500003155': { status: 'requires_action' },
  '4000002760003184': { status: 'requires_action' },
};

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** What confirming with this card does, checking the form's fields first as Stripe does. */
export function cardOutcome(card: CardDetails, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return refused(INCORRECT_NUMBER);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return refused(INVALID_EXPIRY_MONTH);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is good through the last day of its expiry month.
  if (year * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return refused(EXPIRED_CARD);
  if (!/^\d{3,4}$/.test(card.cvc)) return refused(INVALID_CVC);
  return TEST_CARDS[number] ?? refused(NOT_A_TEST_CARD);
}
