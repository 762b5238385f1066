import type { PromoCodeDefinition } from './promo';

const unlimited = { cardPlayerId: null, packs: [], generated: null, expiresAt: null, maxRedemptions: null };

/**
 * Demo codes of embedded and dev deployments (PROMO_SEED=dev); production gets none. Pack ids and
 * names are cards-market's (domain/packs.ts).
 */
export const DEMO_PROMO_CODES: readonly PromoCodeDefinition[] = [
  { ...unlimited, code: 'WELCOME2026', description: '5,000 coins to get started', coins: 5_000 },
  {
    ...unlimited,
    code: 'RAREPACK',
    description: 'One Rare Pack',
    coins: 0,
    packs: [{ packId: 2, name: 'Rare Pack', quantity: 1 }],
  },
  {
    ...unlimited,
    code: 'LEGEND',
    description: 'One random Legendary card',
    coins: 0,
    generated: { count: 1, rarity: 'Legendary' },
  },
  {
    ...unlimited,
    code: 'KICKOFF',
    description: '2,500 coins and three random Rare cards',
    coins: 2_500,
    generated: { count: 3, rarity: 'Rare' },
  },
  {
    ...unlimited,
    code: 'EXPIRED2025',
    description: 'Expired at the end of 2025 (shows the expired message)',
    coins: 1_000,
    expiresAt: new Date('2026-01-01T05:00:00Z'),
  },
];
