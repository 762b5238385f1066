import type { Card } from '@touchline/contract';
import type { CoinPackage, PaymentIntent, TestPaymentResult } from '@touchline/contract';
import type { CardPack, PackCard } from '@touchline/contract';

import { COIN_PACKAGES, PACKS } from '@touchline/rules';

import { makeCard, players } from './card-fixtures';

/**
 * GET /api/coin-packages as the gateway answers it (docs/spec/economy-admin-spec.md#9-business-constants-and-limits):
 * the wallet's one table in @touchline/rules, its cents as dollars.
 */
export const coinPackages: CoinPackage[] = COIN_PACKAGES.map(({ priceCents, ...pkg }) => ({
  ...pkg,
  amount: priceCents / 100,
}));

export function makeIntent(pkg: CoinPackage, overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    clientSecret: `pi_test_${pkg.id}_secret_abc`,
    paymentIntentId: `pi_test_${pkg.id}`,
    amount: pkg.amount,
    coins: pkg.coins,
    testMode: true,
    ...overrides,
  };
}

export function paymentResult(
  paymentIntentId: string,
  status: TestPaymentResult['status'],
  error: string | null = null,
): TestPaymentResult {
  return {
    paymentIntentId,
    status,
    nextAction: status === 'requires_action' ? 'authenticate' : null,
    error: error ? { message: error } : null,
  };
}

/** GET /api/packs as cards-market answers it, three of the five tiers: the one table in @touchline/rules. */
export const cardPacks: CardPack[] = PACKS.filter((pack) => [1, 2, 5].includes(pack.id));

const OPENED_AT = '2026-03-08T12:00:00.000Z';

export function packCards(packName: string, cards: Card[]): PackCard[] {
  return cards.map((card) => ({ ...card, packName }));
}

/** Three common-to-rare cards: no glow. */
export const plainPackCards = packCards('Common Pack', [
  makeCard({ id: 301, player: players.herbers, editionNumber: 500, acquiredAt: OPENED_AT }),
  makeCard({ id: 302, player: players.guzan, editionNumber: 90, acquiredAt: OPENED_AT }),
  makeCard({ id: 303, player: players.frei, editionNumber: 231, acquiredAt: OPENED_AT }),
]);

/** A rare pack with a Legendary among its cards: the modal glows. */
export const legendaryPackCards = packCards('Rare Pack', [
  makeCard({ id: 311, player: players.herbers, editionNumber: 501, acquiredAt: OPENED_AT }),
  makeCard({ id: 312, player: players.alba, editionNumber: 13, acquiredAt: OPENED_AT }),
]);

/** Six generated cards for the promo reward (more than the 4 the dialog lists). */
export const generatedCards: Card[] = [
  players.herbers,
  players.guzan,
  players.frei,
  players.nwobodo,
  players.alba,
  players.messi,
].map((player, index) =>
  makeCard({ id: 401 + index, player, editionNumber: 600 + index, acquiredAt: OPENED_AT }),
);
