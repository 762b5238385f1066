import type { PromoCodeDefinition } from './promo';

const plain = { cardPlayerId: null, packs: [], generated: null, expiresAt: null };

/**
 * Demo codes, seeded only with DEMO_PROMO_CODES=true (which `npm start` sets); the stack and
 * production get none. Each has a total limit, so a demo that is reachable from outside cannot mint
 * coins and cards without end. Pack ids and names are cards-market's (domain/packs.ts).
 */
export const DEMO_PROMO_CODES: readonly (PromoCodeDefinition & { maxRedemptions: number })[] = [
  {
    ...plain,
    code: 'WELCOME2026',
    description: '5,000 coins to get started',
    coins: 5_000,
    maxRedemptions: 1_000,
  },
  {
    ...plain,
    code: 'RAREPACK',
    description: 'One Rare Pack',
    coins: 0,
    packs: [{ packId: 2, name: 'Rare Pack', quantity: 1 }],
    maxRedemptions: 250,
  },
  {
    ...plain,
    code: 'LEGEND',
    description: 'One random Legendary card',
    coins: 0,
    generated: { count: 1, rarity: 'Legendary' },
    maxRedemptions: 100,
  },
  {
    ...plain,
    code: 'KICKOFF',
    description: '2,500 coins and three random Rare cards',
    coins: 2_500,
    generated: { count: 3, rarity: 'Rare' },
    maxRedemptions: 500,
  },
  {
    ...plain,
    code: 'EXPIRED2025',
    description: 'Expired at the end of 2025 (shows the expired message)',
    coins: 1_000,
    expiresAt: new Date('2026-01-01T05:00:00Z'),
    maxRedemptions: 1_000,
  },
];
