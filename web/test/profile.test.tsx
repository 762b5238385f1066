import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { User } from '@touchline/contract';

import { collection, teams } from './card-fixtures';
import { completedMissions } from './mission-fixtures';
import { cardButtonNames, makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

function setup(handlers: RouteHandlers = {}, user: User = makeUser()) {
  return mockFetch({
    'GET /api/user': { body: user },
    'GET /api/user/cards': { body: collection },
    'GET /api/teams': { body: teams },
    ...handlers,
  });
}

async function openSettings() {
  const rendered = renderApp('/profile');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Settings' }));
  return rendered;
}

describe('Profile: stats and achievements', () => {
  it('shows the tabs, the collection overview, breakdowns and recent acquisitions', async () => {
    setup();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Stats',
      'Achievements',
      'Settings',
    ]);

    const overview = await screen.findByRole('region', { name: 'Collection overview' });
    expect(within(overview).getByText('Total Cards').nextSibling).toHaveTextContent('6');
    expect(within(overview).getByText('Unique Players').nextSibling).toHaveTextContent('6');
    expect(within(overview).getByText('Collection Value').nextSibling).toHaveTextContent('199,480');
    expect(screen.getByText('By rarity')).toBeInTheDocument();
    expect(screen.getByText('By club')).toBeInTheDocument();
    expect(screen.getByText('2 cards')).toBeInTheDocument();

    const recent = screen.getByRole('list', { name: 'Recent acquisitions' });
    expect(cardButtonNames(within(recent).getAllByRole('button'))).toEqual([
      'Fabian Herbers',
      'Jordi Alba',
      'Brad Guzan',
      'Lionel Messi',
    ]);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/collection');
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
  });

  it('links to the market when there are no cards', async () => {
    setup({ 'GET /api/user/cards': { body: [] } });
    renderApp('/profile');

    expect(await screen.findByText('No cards in your collection yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Market' })).toHaveAttribute('href', '/market');
  });

  it('shows the badges, or a link to the missions without any', async () => {
    setup(
      {},
      makeUser({
        badges: [
          {
            name: 'First Signing',
            description: 'Own your first card',
            icon: 'trophy',
            earnedAt: '2026-02-14T09:00:00.000Z',
          },
        ],
      }),
    );
    const { user, unmount } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Achievements' }));
    expect(screen.getByText('First Signing')).toBeInTheDocument();
    expect(screen.getByText('Earned Feb 14, 2026')).toBeInTheDocument();
    unmount();

    setup();
    const second = renderApp('/profile');
    await second.user.click(await screen.findByRole('tab', { name: 'Achievements' }));
    expect(await screen.findByRole('link', { name: 'Complete Missions' })).toHaveAttribute(
      'href',
      '/missions',
    );
    // Two renders of the whole app: slow on a busy machine.
  }, 20_000);

  it('shows the badges not earned yet, locked, with what earns them', async () => {
    const catalogue = [
      {
        name: 'Pack Opener',
        description: 'Opened your first pack',
        icon: 'sparkles',
        howToEarn: 'Open a card pack',
        progress: { current: 0, target: 1 },
      },
      {
        name: 'Deal Maker',
        description: 'Completed your first trade with another player',
        icon: 'star',
        howToEarn: 'Complete a trade with another player',
        progress: { current: 1, target: 1 },
      },
      {
        name: 'Collector',
        description: 'Reached a collection value of 25,000 coins',
        icon: 'medal',
        howToEarn: 'Reach a collection value of 25,000 coins',
        progress: { current: 19_078, target: 25_000 },
      },
    ];
    const dealMaker = { ...catalogue[1]!, earnedAt: '2026-03-02T12:00:00.000Z' };
    setup({ 'GET /api/badges': { body: catalogue } }, makeUser({ badge: 'Deal Maker', badges: [dealMaker] }));
    const { user, unmount } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Achievements' }));

    const grid = await screen.findByRole('list', { name: 'Badges' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('listitem')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Deal Maker, earned', 'Pack Opener, locked', 'Collector, locked']),
    );
    // A locked badge shows how far the player is (issue 31).
    const collector = within(grid).getByRole('listitem', { name: 'Collector, locked' });
    expect(within(collector).getByText('19,078 / 25,000')).toBeInTheDocument();
    expect(within(collector).getByRole('progressbar', { name: 'Collector progress' })).toHaveAttribute(
      'aria-valuenow',
      '19078',
    );
    const locked = within(grid).getByRole('listitem', { name: 'Pack Opener, locked' });
    expect(within(locked).getByText('Open a card pack')).toBeInTheDocument();
    expect(within(locked).getByText('Locked')).toBeInTheDocument();
    expect(within(locked).queryByText('Opened your first pack')).not.toBeInTheDocument();
    const earned = within(grid).getByRole('listitem', { name: 'Deal Maker, earned' });
    expect(within(earned).getByText('Earned Mar 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 earned')).toBeInTheDocument();
    unmount();

    // Nothing earned yet: the nudge to the missions, and every badge locked under it.
    setup({ 'GET /api/badges': { body: catalogue } });
    const second = renderApp('/profile');
    await second.user.click(await screen.findByRole('tab', { name: 'Achievements' }));
    expect(await screen.findByRole('link', { name: 'Complete Missions' })).toHaveAttribute(
      'href',
      '/missions',
    );
    const all = await screen.findByRole('list', { name: 'Badges' });
    expect(
      within(all)
        .getAllByRole('listitem')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Pack Opener, locked', 'Deal Maker, locked', 'Collector, locked']);
  }, 20_000);

  it('lists the completed missions with their dates under the badges', async () => {
    setup({ 'GET /api/missions/completed': { body: completedMissions } });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Achievements' }));

    const list = await screen.findByRole('list', { name: 'Completed missions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Sign in today',
      'Buy 5 cards on the market',
    ]);
    expect(within(rows[0]!).getByText('Nov 23, 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Unknown date')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete Missions' })).not.toBeInTheDocument();
  }, 20_000);

  it('renders nothing but the not-signed-in redirect without a user', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderApp('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
  });
});

describe('Profile: settings', () => {
  it('shows the account, coin links, support e-mail and logout', async () => {
    setup();
    await openSettings();

    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member since')).toBeInTheDocument();
    expect(screen.getByText('January 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Coins' })).toHaveAttribute('href', '/purchase-coins');
    expect(screen.getByRole('link', { name: 'Cash Out Coins' })).toHaveAttribute('href', '/cashout');
    expect(screen.getByRole('link', { name: 'Redeem Promo Code' })).toHaveAttribute(
      'href',
      '/purchase-coins?tab=redeem',
    );
    expect(screen.getByRole('link', { name: 'support@touchline.example' })).toHaveAttribute(
      'href',
      'mailto:support@touchline.example',
    );
    expect(screen.getByRole('combobox', { name: 'Favorite Team' })).toHaveTextContent(
      'Select your favorite club',
    );
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
  });

  it('saves the favorite team from the searchable picker and toasts success', async () => {
    const { calls } = setup({
      'POST /api/user/favorite-team': (body) => ({
        body: makeUser({ favoriteTeamId: (body as { teamId: number }).teamId }),
      }),
    });
    const { user, queryClient } = await openSettings();

    await user.click(screen.getByRole('combobox', { name: 'Favorite Team' }));
    const search = await screen.findByPlaceholderText('Search team...');
    expect(screen.getAllByRole('option')).toHaveLength(30);
    await user.type(search, 'seattle');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    await user.click(options[0]!);

    expect(await screen.findByText('Favorite team updated')).toBeInTheDocument();
    expect(screen.getByText('Your favorite team has been updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/favorite-team')?.body).toEqual({ teamId: 26 });
    expect(queryClient.getQueryData<User>(['user'])?.favoriteTeamId).toBe(26);
    expect(screen.getByRole('combobox', { name: 'Favorite Team' })).toHaveTextContent('Seattle Sounders FC');
  });

  it("shows 'No team found.' and toasts 'Failed to update team' with the server message", async () => {
    setup({ 'POST /api/user/favorite-team': { status: 404, body: { message: 'Team not found' } } });
    const { user } = await openSettings();

    await user.click(screen.getByRole('combobox', { name: 'Favorite Team' }));
    const search = await screen.findByPlaceholderText('Search team...');
    await user.type(search, 'wrexham');
    expect(screen.getByText('No team found.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'toronto');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Failed to update team')).toBeInTheDocument();
    expect(screen.getByText('Team not found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Favorite Team' })).toHaveTextContent(
      'Select your favorite club',
    );
  });

  it('changes the username and shows a taken one as an error', async () => {
    const { calls } = setup({
      'POST /api/user/username': (body) => {
        const { username } = body as { username: string };
        return username === 'bob'
          ? { status: 409, body: { message: 'Username already taken' } }
          : { body: makeUser({ username }) };
      },
    });
    const { user, queryClient } = await openSettings();
    const field = screen.getByLabelText('Username');

    await user.clear(field);
    await user.type(field, 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Username must be 3-24 characters/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/username')).toBe(false);

    await user.clear(field);
    await user.type(field, 'bob');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username already taken')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Alice.Keeper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username updated')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/username').at(-1)?.body).toEqual({
      username: 'alice.keeper',
    });
    expect(queryClient.getQueryData<User>(['user'])?.username).toBe('alice.keeper');
  });

  // Issue 40, finding A: the form states the server's rule before sending, and shows the server's
  // refusal of a muted player as it is written.
  it('refuses a reserved or web-address username before sending, and shows a muted refusal', async () => {
    const { calls } = setup({
      'POST /api/user/username': () => ({
        status: 403,
        body: { message: 'Muted users cannot change their username' },
      }),
    });
    const { user } = await openSettings();
    const field = screen.getByLabelText('Username');
    const save = () => user.click(screen.getByRole('button', { name: 'Save' }));

    await user.clear(field);
    await user.type(field, 'Adm1n');
    await save();
    expect(screen.getByText('This username is reserved')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'visit-evil.example');
    await save();
    expect(screen.getByText('Usernames cannot be web addresses or e-mails')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/username')).toBe(false);

    await user.clear(field);
    await user.type(field, 'quiet.player');
    await save();
    expect(await screen.findByText('Muted users cannot change their username')).toBeInTheDocument();
  });

  it('changes the password, refusing mismatched confirmations without sending', async () => {
    const { calls } = setup({
      'POST /api/user/change-password': (body) =>
        (body as { currentPassword: string }).currentPassword === 'old-secret-1'
          ? { body: { success: true, message: 'Your password has been changed' } }
          : { status: 401, body: { message: 'Current password is incorrect' } },
    });
    const { user } = await openSettings();

    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('At least 8 characters.');
    await user.type(screen.getByLabelText('Current Password'), 'old-secret-1');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/change-password')).toBe(false);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'new-secret-2');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-3');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/change-password')).toBe(false);

    await user.clear(screen.getByLabelText('Current Password'));
    await user.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current Password'));
    await user.type(screen.getByLabelText('Current Password'), 'old-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/change-password').at(-1)?.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-2',
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("toasts 'Logging out' then 'Logged out'", async () => {
    setup({ 'POST /api/logout': { body: { success: true } } });
    const { user, router } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
