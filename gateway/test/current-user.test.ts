import { describe, expect, it } from 'vitest';
import type { Clients } from '../src/clients';
import { currentUser } from '../src/compose/user';

const USER = {
  id: 42,
  email: 'ada@example.com',
  username: 'ada',
  isAdmin: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-02T10:00:00.000Z',
  favoriteTeamId: 0,
  muted: false,
  muteReason: '',
  mutedUntil: '',
};

interface Board {
  rank: number;
  cardCount: number;
  collectionValue: number;
}

/** The services GET /api/user asks, answering from `board` and `owned`; `asked` lists each call. */
function services(board: Board | 'down', owned: { cardCount: number; collectionValue: number } | 'down') {
  const asked: string[] = [];
  const clients = {
    identity: {
      GetUser: async () => (asked.push('identity'), USER),
    },
    wallet: {
      GetBalance: async () => (asked.push('wallet'), { coins: 1_234 }),
    },
    leaderboard: {
      GetUserStats: async () => {
        asked.push('leaderboard');
        if (board === 'down') throw new Error('unavailable');
        return { stats: { userId: USER.id, ...board } };
      },
    },
    missions: {
      GetUserBadges: async () => (asked.push('missions'), { badge: 'Collector', badges: [] }),
    },
    cardsMarket: {
      GetCollectionSummaries: async () => {
        asked.push('cards-market');
        if (owned === 'down') throw new Error('unavailable');
        return { summaries: [{ userId: USER.id, ...owned }] };
      },
    },
  } as unknown as Clients;
  return { clients, asked };
}

describe('GET /api/user’s parts', () => {
  it('takes rank, count and value together from the board, without asking cards-market', async () => {
    const { clients, asked } = services(
      { rank: 3, cardCount: 7, collectionValue: 9_000 },
      { cardCount: 8, collectionValue: 9_500 },
    );
    const user = await currentUser(clients, USER.id);
    expect(user).toMatchObject({
      id: 42,
      username: 'ada',
      coins: 1_234,
      rank: 3,
      cardCount: 7,
      collectionValue: 9_000,
      badge: 'Collector',
      returning: true,
    });
    expect(asked.sort()).toEqual(['identity', 'leaderboard', 'missions', 'wallet']);
  });

  it('asks cards-market for a user the board does not rank yet, or when the board does not answer', async () => {
    const unranked = services(
      { rank: 0, cardCount: 0, collectionValue: 0 },
      { cardCount: 5, collectionValue: 700 },
    );
    expect(await currentUser(unranked.clients, USER.id)).toMatchObject({
      rank: null,
      cardCount: 5,
      collectionValue: 700,
    });
    expect(unranked.asked).toContain('cards-market');

    const boardDown = services('down', { cardCount: 5, collectionValue: 700 });
    const user = await currentUser(boardDown.clients, USER.id);
    expect(user).toMatchObject({ cardCount: 5, collectionValue: 700 });
    expect(user).not.toHaveProperty('rank');
  });

  it('keeps the board’s totals of an unranked user when cards-market does not answer, and leaves out what nobody answers', async () => {
    const cardsDown = services({ rank: 0, cardCount: 2, collectionValue: 40 }, 'down');
    expect(await currentUser(cardsDown.clients, USER.id)).toMatchObject({
      rank: null,
      cardCount: 2,
      collectionValue: 40,
    });
    const bothDown = services('down', 'down');
    const user = await currentUser(bothDown.clients, USER.id);
    for (const part of ['rank', 'cardCount', 'collectionValue']) expect(user).not.toHaveProperty(part);
    expect(user.coins).toBe(1_234);
  });
});
