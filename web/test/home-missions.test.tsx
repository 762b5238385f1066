import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ClaimResult } from '@touchline/contract';

import { makeMission, missionLists } from './mission-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

function setup(handlers: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ rank: 12, badge: 'Pack Opener' }) },
    'GET /api/user/cards': { body: [] },
    'GET /api/user/starter-pack': { body: [] },
    'GET /api/missions': { body: missionLists },
    ...handlers,
  });
}

/** Home renders a lot at once; on a busy machine its first paint takes a few seconds. */
const LOADED = { timeout: 10_000 };

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Daily missions' })).getByRole('listitem', { name });

describe('home: Daily Missions, rank and badge', () => {
  it("shows today's missions with capped progress, reward, 'Collect' and 'Collected'", async () => {
    setup({
      'GET /api/missions': {
        body: {
          ...missionLists,
          daily: [
            ...missionLists.daily,
            makeMission({ id: 6, description: 'Post a trade wish', progress: 3, target: 2 }),
          ],
        },
      },
    });
    renderApp('/');

    await screen.findByRole('list', { name: 'Daily missions' }, LOADED);
    expect(screen.getByRole('heading', { name: 'Daily Missions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daily Missions' })).toHaveAttribute('href', '/missions');

    const buy = row('Buy a card on the market');
    expect(within(buy).getByText('2,600')).toBeInTheDocument();
    expect(within(buy).getByRole('button', { name: 'Collect' })).toBeEnabled();
    expect(within(row('List a card for sale')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('List a card for sale')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(within(row('Sign in today')).getByText('Collected')).toBeInTheDocument();
    // Over the target: the bar stops at 100%.
    expect(within(row('Post a trade wish')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('collects a reward: the toast names the real amount and the missions and user are refetched', async () => {
    const buy = missionLists.daily[0]!;
    const result: ClaimResult = {
      mission: { ...buy, claimed: true, claimedAt: '2026-11-23T16:00:00.000Z' },
      reward: 2_600,
      coins: 14_945,
      message: '+2,600 coins',
    };
    const { calls } = setup({ 'POST /api/missions/2/claim': { body: result } });
    const { user } = renderApp('/');
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Buy a card on the market' }, LOADED)).getByRole(
        'button',
        {
          name: 'Collect',
        },
      ),
    );

    expect(await screen.findByText('+2,600 coins!', {}, LOADED)).toBeInTheDocument();
    const claim = calls.find((c) => c.method === 'POST' && c.path === '/api/missions/2/claim')!;
    expect((claim.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/missions').length).toBeGreaterThan(1),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/user').length).toBeGreaterThan(1),
    );
  });

  it('shows the empty texts when there are no daily missions', async () => {
    setup({ 'GET /api/missions': { body: { daily: [], weekly: missionLists.weekly } } });
    renderApp('/');

    expect(await screen.findByText('No daily missions available right now.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Check back later for new challenges!')).toBeInTheDocument();
  });

  it('shows the rank as a link to the leaderboard, and the latest badge', async () => {
    setup();
    renderApp('/');

    expect(await screen.findByRole('link', { name: '#12' }, LOADED)).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByText('Pack Opener')).toBeInTheDocument();
  });
});
