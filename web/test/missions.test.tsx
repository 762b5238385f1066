import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ClaimResult, Mission } from '@touchline/contract';
import { coinBurstCount, COIN_BURST_MS } from '@/features/missions/utils';
import { SETTLE_INTERVAL_MS } from '@/lib/pending';

import { completedMissions, makeMission, missionLists } from './mission-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

function setup(handlers: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/missions': { body: missionLists },
    'GET /api/missions/completed': { body: completedMissions },
    ...handlers,
  });
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

const missionItem = (name: string) => screen.getByRole('listitem', { name });

const claimed = (mission: Mission): ClaimResult => ({
  mission: { ...mission, claimed: true, claimedAt: '2026-11-23T16:00:00.000Z' },
  reward: mission.reward,
  coins: 14_945,
  message: `+${mission.reward} coins`,
});

describe('Missions: the Mission Center', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title, the tabs and the daily missions with progress, reward and claim state', async () => {
    setup();
    renderApp('/missions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Missions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mission Center' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Daily', 'Weekly', 'Completed']);
    expect(screen.getByText('Resets at midnight ET')).toBeInTheDocument();
    expect(await screen.findByText('3 challenges available today')).toBeInTheDocument();

    const buy = missionItem('Buy a card on the market');
    expect(within(buy).getByText('1/1')).toBeInTheDocument();
    expect(within(buy).getByText('2,600 coins')).toBeInTheDocument();
    expect(within(buy).getByRole('progressbar')).toHaveAttribute('data-tone', 'green');
    expect(within(buy).getByRole('button', { name: 'Claim' })).toBeEnabled();
    expect(buy.querySelector('[data-icon="shopping-cart"]')).not.toBeNull();

    const list = missionItem('List a card for sale');
    expect(within(list).getByText('1/5')).toBeInTheDocument();
    expect(within(list).getByRole('progressbar')).toHaveAttribute('data-tone', 'red');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();

    const pack = missionItem('Open a pack');
    expect(within(pack).getByRole('progressbar')).toHaveAttribute('data-tone', 'yellow');

    const signIn = missionItem('Sign in today');
    expect(within(signIn).getByText('Claimed')).toBeInTheDocument();
    expect(within(signIn).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the missions ready to claim first, the rest in the order the server gave', async () => {
    const [buy, list, pack, signIn] = missionLists.daily;
    const openPack = { ...pack!, progress: 5, completed: true, completedAt: '2026-11-23T16:00:00.000Z' };
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/missions': { body: { daily: [signIn, list, openPack, buy], weekly: [] } },
      'GET /api/missions/completed': { body: [] },
    });
    renderApp('/missions');

    const missions = await screen.findByRole('list', { name: 'Missions' });
    expect(
      within(missions)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Open a pack', 'Buy a card on the market', 'Sign in today', 'List a card for sale']);
  });

  it('shows the weekly missions with their reset note', async () => {
    setup();
    const { user } = renderApp('/missions');
    await user.click(await screen.findByRole('tab', { name: 'Weekly' }));

    expect(screen.getByText('Resets Sunday at midnight')).toBeInTheDocument();
    const sell = await screen.findByRole('listitem', { name: 'Sell 3 cards on the market' });
    expect(within(sell).getByText('2/3')).toBeInTheDocument();
    expect(within(sell).getByRole('progressbar')).toHaveAttribute('data-tone', 'green');
  });

  it("lists completed missions with their date, 'Unknown date' when it is missing", async () => {
    setup();
    const { user } = renderApp('/missions');
    await user.click(await screen.findByRole('tab', { name: 'Completed' }));

    const list = await screen.findByRole('list', { name: 'Completed missions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Sign in today',
      'Buy 5 cards on the market',
    ]);
    expect(within(rows[0]!).getByText('Nov 23, 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unknown date')).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    setup({
      'GET /api/missions': { body: { daily: [], weekly: [] } },
      'GET /api/missions/completed': { body: [] },
    });
    const { user } = renderApp('/missions');

    expect(await screen.findByText('All missions completed')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new missions')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByText('No completed missions yet')).toBeInTheDocument();
  });

  it("claims with an Idempotency-Key: 'Claiming...' while pending, then the real reward, coins and refreshes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const buy = missionLists.daily[0]!;
    let asked = 0;
    const { calls } = setup({
      'POST /api/missions/2/claim': () => {
        asked += 1;
        return asked === 1
          ? {
              status: 202,
              body: { status: 'pending', message: 'Your reward is recorded and will be paid in a moment' },
            }
          : { body: claimed(buy) };
      },
    });
    const { user } = renderApp('/missions');
    await screen.findByText('3 challenges available today');
    const missionsBefore = callsTo(calls, 'GET', '/api/missions').length;
    const userBefore = callsTo(calls, 'GET', '/api/user').length;

    await user.click(within(missionItem('Buy a card on the market')).getByRole('button', { name: 'Claim' }));
    expect(
      await within(missionItem('Buy a card on the market')).findByRole('button', { name: 'Claiming...' }),
    ).toBeDisabled();

    act(() => vi.advanceTimersByTime(SETTLE_INTERVAL_MS));
    expect(await screen.findByText('+2,600 coins!')).toBeInTheDocument();
    expect(screen.getByText("You've earned coins for completing the mission")).toBeInTheDocument();
    expect(screen.getAllByTestId('floating-coin')).toHaveLength(coinBurstCount(2_600));
    expect(coinBurstCount(2_600)).toBe(5);

    const claims = callsTo(calls, 'POST', '/api/missions/2/claim');
    const keys = claims.map((c) => (c.init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    await waitFor(() => {
      expect(callsTo(calls, 'GET', '/api/missions').length).toBeGreaterThan(missionsBefore);
      expect(callsTo(calls, 'GET', '/api/user').length).toBeGreaterThan(userBefore);
      expect(callsTo(calls, 'GET', '/api/missions/completed').length).toBeGreaterThan(0);
    });

    act(() => vi.advanceTimersByTime(COIN_BURST_MS));
    await waitFor(() => expect(screen.queryByTestId('coin-burst')).not.toBeInTheDocument());
  });

  it("says 'Failed to claim reward' with the server's message when the claim is refused", async () => {
    setup({
      'GET /api/missions': { body: { daily: [makeMission({ progress: 1, completed: true })], weekly: [] } },
      'POST /api/missions/1/claim': {
        status: 409,
        body: { message: 'You have already claimed this mission' },
      },
    });
    const { user } = renderApp('/missions');
    await user.click(await screen.findByRole('button', { name: 'Claim' }));

    expect(await screen.findByText('Failed to claim reward')).toBeInTheDocument();
    expect(screen.getByText(/You have already claimed this mission/)).toBeInTheDocument();
    expect(screen.queryByTestId('coin-burst')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled();
  });
});

describe('coinBurstCount', () => {
  it('is floor(reward / 500), at least 3 and at most 8', () => {
    expect([0, 100, 1_499, 1_500, 2_000, 2_600, 4_000, 4_499, 10_000].map(coinBurstCount)).toEqual([
      3, 3, 3, 3, 4, 5, 8, 8, 8,
    ]);
  });
});
