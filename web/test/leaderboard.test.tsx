import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { LeaderboardEntry, User } from '@touchline/contract';
import { nameInitials } from '@/features/leaderboard/utils';

import { makeEntry } from './mission-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const board: LeaderboardEntry[] = Array.from({ length: 12 }, (_, i) => makeEntry(i + 1));

function setup(entries: LeaderboardEntry[] | null, user: User = makeUser({ rank: 3 })) {
  return mockFetch({
    'GET /api/user': { body: user },
    ...(entries ? { 'GET /api/leaderboard': { body: entries } } : {}),
  });
}

describe('Leaderboard', () => {
  it('shows the podium for ranks 1-3 and the list from rank 4 with card count and value', async () => {
    setup(board);
    renderApp('/leaderboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top Collectors' })).toBeInTheDocument();

    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['1st Place: collector1', '2nd Place: collector2', '3rd Place: collector3']);
    const first = within(podium).getByRole('listitem', { name: '1st Place: collector1' });
    expect(within(first).getByText('1st Place')).toBeInTheDocument();
    expect(within(first).getByText('CO')).toBeInTheDocument();
    expect(within(first).getByText('99,000')).toBeInTheDocument();
    expect(within(first).getByText('49 cards')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Rankings' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(
      board.slice(3).map((e) => `#${e.rank} ${e.user.username}`),
    );
    expect(within(rows[0]!).getByText('#4')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('46 cards')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('96,000')).toBeInTheDocument();
    // Rank 3 is not above 10.
    expect(screen.queryByText('Your Ranking')).not.toBeInTheDocument();
  });

  it("shows 'Your Ranking' when the user's rank is above 10", async () => {
    setup(
      board.slice(0, 10),
      makeUser({ rank: 42, username: 'alice', cardCount: 3, collectionValue: 4_200 }),
    );
    renderApp('/leaderboard');

    const mine = await screen.findByRole('region', { name: 'Your Ranking' });
    const row = within(mine).getByRole('listitem', { name: '#42 alice' });
    expect(within(row).getByText('AL')).toBeInTheDocument();
    expect(within(row).getByText('3 cards')).toBeInTheDocument();
    expect(within(row).getByText('4,200')).toBeInTheDocument();
  });

  it("shows no 'Your Ranking' at rank 10 or when unranked", async () => {
    setup(board, makeUser({ rank: 10 }));
    const { unmount } = renderApp('/leaderboard');
    await screen.findByRole('list', { name: 'Podium' });
    expect(screen.queryByText('Your Ranking')).not.toBeInTheDocument();
    unmount();

    setup(board, makeUser({ rank: null }));
    renderApp('/leaderboard');
    await screen.findByRole('list', { name: 'Podium' });
    expect(screen.queryByText('Your Ranking')).not.toBeInTheDocument();
  }, 20_000);

  it("shows 'No collectors yet' for an empty board", async () => {
    setup([]);
    renderApp('/leaderboard');
    expect(await screen.findByText('No collectors yet')).toBeInTheDocument();
  });

  it('shows 10 placeholder rows while loading', async () => {
    const { fetchMock } = setup(null);
    const original = fetchMock.getMockImplementation()!;
    // The board never answers: the placeholders stay.
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/api/leaderboard') ? new Promise<Response>(() => {}) : original(input, init),
    );
    renderApp('/leaderboard');

    await screen.findByRole('status', { name: 'Loading leaderboard' });
    expect(screen.getAllByTestId('leaderboard-placeholder')).toHaveLength(10);
  });
});

describe('nameInitials', () => {
  it('is the first two letters, upper case', () => {
    expect(['alice', 'Bo', 'x', '  zed'].map(nameInitials)).toEqual(['AL', 'BO', 'X', 'ZE']);
  });
});
