import type { ChallengeDraft } from './challenge';

/**
 * The challenges `npm start` (embedded) seeds with DEMO_CHALLENGES=true: open from the first start,
 * without an end. Not a migration: a production database gets only the challenges its admins make.
 * Team 1 is the first team of the seed (services/cards-market/src/db/seed/teams.json).
 */
export const DEMO_CHALLENGES: readonly (Omit<ChallengeDraft, 'startsAt' | 'endsAt'> & { key: string })[] = [
  {
    key: 'demo:three-commons',
    title: 'Three of Atlanta United',
    description: 'Any three Atlanta United FC cards.',
    cardCount: 3,
    teamId: 1,
    position: '',
    minRarity: '',
    minTotalValue: 0,
    rewardCoins: 1_500,
  },
  {
    key: 'demo:back-line',
    title: 'A full back line',
    description: 'Four defenders, from any teams.',
    cardCount: 4,
    teamId: 0,
    position: 'Defender',
    minRarity: '',
    minTotalValue: 0,
    rewardCoins: 2_000,
  },
  {
    key: 'demo:epic',
    title: 'Epic or better',
    description: 'One card of Epic rarity or rarer.',
    cardCount: 1,
    teamId: 0,
    position: '',
    minRarity: 'Epic',
    minTotalValue: 0,
    rewardCoins: 5_000,
  },
  {
    key: 'demo:value-five',
    title: 'Five worth 10,000',
    description: 'Any five cards whose prices add up to at least 10,000 coins.',
    cardCount: 5,
    teamId: 0,
    position: '',
    minRarity: '',
    minTotalValue: 10_000,
    rewardCoins: 4_000,
  },
  {
    // A pack reward (decision 0018): the pack alone, revealed with the unopened packs.
    key: 'demo:rare-pack',
    title: 'Two Rares for a pack',
    description: 'Any two cards of Rare rarity or rarer, for a Rare Pack.',
    cardCount: 2,
    teamId: 0,
    position: '',
    minRarity: 'Rare',
    minTotalValue: 0,
    rewardCoins: 0,
    rewardPackId: 2,
  },
];
