import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Challenge } from '@touchline/contract';

import { teams } from './card-fixtures';
import { cardPacks } from './economy-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const existing: Challenge = {
  id: 3,
  title: 'A full back line',
  description: '',
  cardCount: 4,
  teamId: null,
  teamName: null,
  position: 'Defender',
  minRarity: null,
  minTotalValue: null,
  rewardCoins: 2_000,
  rewardPackId: null,
  rewardPackName: null,
  startsAt: '2026-11-29T12:00:00.000Z',
  endsAt: null,
  retiredAt: null,
  state: 'open',
  completions: 5,
  submission: null,
};

function setup() {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin: true }) },
    'GET /api/teams': { body: teams },
    'GET /api/packs': { body: cardPacks },
    'GET /api/admin/challenges': { body: { items: [existing] } },
    'POST /api/admin/challenges': (body) => ({
      body: { ...existing, id: 4, ...(body as object), teamName: null, state: 'open' },
    }),
    'POST /api/admin/challenges/3/retire': { body: { ...existing, state: 'retired' } },
    'PUT /api/admin/challenges/3/schedule': { body: existing },
  });
}

describe('/admin/challenges', () => {
  it('creates a challenge with its requirements, reward and dates', async () => {
    const { calls } = setup();
    const { user } = renderApp('/admin/challenges');
    const form = await screen.findByRole('form', { name: 'New challenge' });
    await user.type(within(form).getByLabelText('Title'), 'Two keepers');
    await user.clear(within(form).getByLabelText('Number of cards'));
    await user.type(within(form).getByLabelText('Number of cards'), '2');
    await user.selectOptions(within(form).getByLabelText('Position'), 'Goalkeeper');
    await user.selectOptions(within(form).getByLabelText('Minimum rarity'), 'Rare');
    await user.clear(within(form).getByLabelText('Reward (coins)'));
    await user.type(within(form).getByLabelText('Reward (coins)'), '2500');
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(await screen.findByText('Challenge “Two keepers” created.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/challenges');
    expect(post?.body).toEqual({
      title: 'Two keepers',
      cardCount: 2,
      teamId: null,
      position: 'Goalkeeper',
      minRarity: 'Rare',
      minTotalValue: null,
      rewardCoins: 2500,
      rewardPackId: null,
      endsAt: null,
    });
    expect(new Headers(post?.init?.headers).get('Idempotency-Key')).toMatch(/\S+/);
  });

  it('gives a reward pack from the shop’s packs, and asks for coins or a pack', async () => {
    const { calls } = setup();
    const { user } = renderApp('/admin/challenges');
    const form = await screen.findByRole('form', { name: 'New challenge' });
    await user.type(within(form).getByLabelText('Title'), 'For a pack');
    await user.clear(within(form).getByLabelText('Reward (coins)'));
    await user.type(within(form).getByLabelText('Reward (coins)'), '0');
    const pack = within(form).getByLabelText('Reward pack');
    expect(
      within(pack)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', ...cardPacks.map((p) => p.name)]);
    // No coins and no pack: said at once, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(
      await within(form).findByText('A challenge needs a coin reward or a reward pack'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(pack, 'Rare Pack');
    expect(
      within(form).queryByText('A challenge needs a coin reward or a reward pack'),
    ).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create challenge' }));
    expect(await screen.findByText('Challenge “For a pack” created.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/challenges');
    expect(post?.body).toMatchObject({ title: 'For a pack', rewardCoins: 0, rewardPackId: 2 });
  });

  it('lists every challenge with its completions, moves its dates and retires it after asking', async () => {
    const { calls } = setup();
    const { user } = renderApp('/admin/challenges');
    const list = await screen.findByRole('list', { name: 'All challenges' });
    const row = (await within(list).findByText('#3 A full back line')).closest('li')!;
    expect(row).toHaveTextContent('5 completed');
    expect(row).toHaveTextContent('Every card a Defender');

    await user.click(within(row).getByRole('button', { name: 'Change dates' }));
    const schedule = within(row).getByRole('form', { name: 'Schedule of A full back line' });
    await user.type(within(schedule).getByLabelText('Ends'), '2030-01-02T10:00');
    await user.click(within(schedule).getByRole('button', { name: 'Save dates' }));
    await within(row).findByRole('button', { name: 'Change dates' });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      startsAt: new Date(2026, 10, 29, new Date('2026-11-29T12:00:00.000Z').getHours(), 0).toISOString(),
      endsAt: new Date(2030, 0, 2, 10, 0).toISOString(),
    });

    await user.click(within(row).getByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retire this challenge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await screen.findByRole('list', { name: 'All challenges' });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/challenges/3/retire')).toBe(true);
  });

  it('tells a player the page is for admins', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    renderApp('/admin/challenges');
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  });
});
