import type { LeaderboardEntry, Mission, MissionLists } from '@touchline/contract';

export function makeMission(overrides: Partial<Mission> = {}): Mission {
  return {
    id: 1,
    period: 'daily',
    description: 'Sign in today',
    icon: 'log-in',
    progress: 0,
    target: 1,
    reward: 100,
    claimed: false,
    completed: false,
    completedAt: null,
    claimedAt: null,
    resetsAt: '2026-11-24T05:00:00.000Z',
    ...overrides,
  };
}

/** Daily: one claimable (2/2 of 4), one at 1/5 (20%, red), one at 2/5 (40%, yellow), one claimed. */
export const missionLists: MissionLists = {
  daily: [
    makeMission({
      id: 2,
      description: 'Buy a card on the market',
      icon: 'shopping-cart',
      progress: 1,
      target: 1,
      reward: 2_600,
      completed: true,
      completedAt: '2026-11-23T15:00:00.000Z',
    }),
    makeMission({
      id: 3,
      description: 'List a card for sale',
      icon: 'tag',
      progress: 1,
      target: 5,
      reward: 150,
    }),
    makeMission({
      id: 4,
      description: 'Open a pack',
      icon: 'package-open',
      progress: 2,
      target: 5,
      reward: 300,
    }),
    makeMission({
      id: 1,
      description: 'Sign in today',
      progress: 1,
      claimed: true,
      completed: true,
      completedAt: '2026-11-23T14:00:00.000Z',
      claimedAt: '2026-11-23T14:01:00.000Z',
    }),
  ],
  weekly: [
    makeMission({
      id: 7,
      period: 'weekly',
      description: 'Sell 3 cards on the market',
      icon: 'coins',
      progress: 2,
      target: 3,
      reward: 1_000,
      resetsAt: '2026-11-29T05:00:00.000Z',
    }),
  ],
};

export const completedMissions: Mission[] = [
  makeMission({
    id: 1,
    description: 'Sign in today',
    progress: 1,
    claimed: true,
    completed: true,
    completedAt: '2026-11-23T14:00:00.000Z',
    claimedAt: '2026-11-23T14:01:00.000Z',
  }),
  makeMission({
    id: 9,
    period: 'weekly',
    description: 'Buy 5 cards on the market',
    icon: 'shopping-bag',
    progress: 5,
    target: 5,
    reward: 1_000,
    claimed: true,
    completed: true,
    completedAt: null,
    claimedAt: '2026-11-20T14:01:00.000Z',
  }),
];

export function makeEntry(rank: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    user: { id: 100 + rank, username: `collector${rank}` },
    collectionValue: 100_000 - rank * 1_000,
    cardCount: 50 - rank,
    rank,
    ...overrides,
  };
}
