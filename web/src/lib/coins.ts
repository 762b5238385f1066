import type { CoinPackage, TestCardBody as TestCardDetails } from '@touchline/contract';

// ---------------------------------------------------------------------------------------------------------
// Tabs of /purchase-coins
// ---------------------------------------------------------------------------------------------------------

export type PurchaseTab = 'purchase' | 'redeem';

/** Navigation state of /purchase-coins: the package a shop 'Buy Now' came from starts selected. */
export interface PurchaseCoinsState {
  packageId?: string;
}

/** ?tab=redeem selects the redeem tab; anything else is the purchase tab. */
export function tabFromSearch(params: URLSearchParams): PurchaseTab {
  return params.get('tab') === 'redeem' ? 'redeem' : 'purchase';
}

/** The address of a tab: redeem sets tab=redeem, purchase removes it (other parameters stay). */
export function searchForTab(params: URLSearchParams, tab: PurchaseTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'redeem') next.set('tab', 'redeem');
  else next.delete('tab');
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// Packages and money
// ---------------------------------------------------------------------------------------------------------

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars with cents: 20 -> '$20.00'. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** The package chosen at first: the popular one, else the first. */
export function defaultPackage(packages: readonly CoinPackage[]): CoinPackage | undefined {
  return packages.find((pkg) => pkg.isPopular) ?? packages[0];
}

/**
 * Whether a package fits what is left of the monthly spending limit (dollars; null: no limit). The
 * server refuses the payment intent of one that does not, so it is never offered.
 */
export function withinLimit(pkg: CoinPackage, remaining: number | null): boolean {
  return remaining === null || pkg.amount <= remaining;
}

/**
 * The package selected on arrival: the one asked for (a shop 'Buy Now') if it fits the limit, else the
 * default if it fits, else the dearest that fits; undefined when none does.
 */
export function packageToSelect(
  packages: readonly CoinPackage[],
  requestedId: string | null,
  remaining: number | null,
): CoinPackage | undefined {
  const fits = (pkg: CoinPackage | undefined) => pkg !== undefined && withinLimit(pkg, remaining);
  const requested = packages.find((pkg) => pkg.id === requestedId);
  if (fits(requested)) return requested;
  const fallback = defaultPackage(packages);
  if (fits(fallback)) return fallback;
  return packages.filter((pkg) => fits(pkg)).sort((a, b) => b.amount - a.amount)[0];
}

// ---------------------------------------------------------------------------------------------------------
// Test-mode card form
// ---------------------------------------------------------------------------------------------------------

export interface TestCard {
  number: string;
  label: string;
}

/** Stripe's test cards the test-mode form points to. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', label: 'Succeeds' },
  { number: '4000 0000 0000 0002', label: 'Declined' },
  { number: '4000 0025 0000 3155', label: 'Needs authentication' },
];

/** Digits only, grouped by four as they are typed: '42424242' -> '4242 4242'. At most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as it is typed: '1228' -> '12/28'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<CardField, string>>;

/**
 * Checks the form's shape only (the provider judges the card itself, as Stripe does) and turns it into
 * the confirm call's body. Two-digit years are 20YY.
 */
export function parseCardForm(
  values: CardFormValues,
): { ok: true; card: TestCardDetails } | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const number = values.cardNumber.replace(/\D/g, '');
  if (number.length < 13 || number.length > 19) errors.cardNumber = 'Enter a valid card number';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : NaN;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Enter the expiry date as MM/YY';
  const cvc = values.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the 3 or 4 digit CVC';
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: { cardNumber: number, expMonth: month, expYear: 2000 + Number(expiry[2]), cvc },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------------------

export const PROMO_CODE_REQUIRED = 'Promo code is required';

/** Generated cards listed in the reward view; the rest are summed up as '+ n more cards'. */
export const MAX_GENERATED_CARDS_SHOWN = 4;

/** Codes are shown and sent in upper case. */
export function normalizePromoCode(value: string): string {
  return value.toUpperCase();
}

/** The spec's '+ n more cards' (kept word for word, also for one card). */
export function moreCardsLabel(count: number): string {
  return `+ ${count} more cards`;
}
