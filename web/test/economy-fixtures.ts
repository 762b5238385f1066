import type { Card } from '@touchline/contract';
import type { CoinPackage, PaymentIntent, TestPaymentResult } from '@touchline/contract';
import type { CardPack, PackCard } from '@touchline/contract';

import { PACKS } from '@touchline/rules';

import { makeCard, players } from './card-fixtures';

/** GET /api/coin-packages as the gateway answers it (docs/spec/economy-admin-spec.md#9-business-constants-and-limits). */
export const coinPackages: CoinPackage[] = [
  {
    id: 'starter-stack',
    name: 'Starter Stack',
    amount: 11,
    coins: 25_000,
    description: 'Enough for a few packs.',
    isPopular: false,
  },
  {
    id: 'rare-roll',
    name: 'Rare Roll',
    amount: 20,
    coins: 50_000,
    description: 'Our most popular pick.',
    isPopular: true,
  },
  {
    id: 'epic-edge',
    name: 'Epic Edge',
    amount: 33,
    coins: 75_000,
    description: 'Trade up.',
    isPopular: false,
  },
  {
    id: 'legend-vault',
    name: 'Legend Vault',
    amount: 60,
    coins: 150_000,
    description: 'Legendary stars.',
    isPopular: false,
  },
  {
    id: 'ultra-stack',
    name: 'Ultra Stack',
    amount: 100,
    coins: 250_000,
    description: 'The biggest stack.',
    isPopular: false,
  },
];

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
