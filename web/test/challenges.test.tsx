import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Challenge, ChallengeSubmission } from '@touchline/contract';

import { makeCard, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const NOW = '2026-11-29T12:00:00.000Z';

/** Two Legendary-or-better cards of Inter Miami (team 12). */
const challenge: Challenge = {
  id: 7,
  title: 'Miami stars',
  description: 'Two of the best from Miami.',
  cardCount: 2,
  teamId: 12,
  teamName: 'Inter Miami CF',
  position: null,
  minRarity: 'Legendary',
  minTotalValue: null,
  rewardCoins: 5_000,
  rewardPackId: null,
  rewardPackName: null,
  startsAt: NOW,
  endsAt: null,
  retiredAt: null,
  state: 'open',
  completions: 3,
  submission: null,
};

// Messi and Alba (Miami, UL and L) fit; Nwobodo (another team) does not; Busquets... is listed.
const cards = [
  makeCard({ id: 1, player: players.messi, acquiredAt: NOW }),
  makeCard({ id: 2, player: players.alba, acquiredAt: NOW }),
  makeCard({ id: 3, player: players.nwobodo, acquiredAt: NOW }),
  makeCard({ id: 4, player: players.frei, acquiredAt: NOW, forSale: true }),
];

const submission: ChallengeSubmission = {
  id: 40,
  challengeId: 7,
  cardIds: [1, 2],
  totalValue: 187_700,
  rewardCoins: 5_000,
  rewardStatus: 'paid',
  createdAt: NOW,
  rewardPackId: null,
  packCardIds: [],
};

/** The same challenge for a Rare Pack and no coins, and its completion with the pack's four cards. */
const forPack: Challenge = {
  ...challenge,
  id: 9,
  rewardCoins: 0,
  rewardPackId: 2,
  rewardPackName: 'Rare Pack',
};
const packSubmission: ChallengeSubmission = {
  ...submission,
  challengeId: 9,
  rewardCoins: 0,
  rewardPackId: 2,
  packCardIds: [101, 102, 103, 104],
};

describe('/challenges', () => {
  it('lists the challenges with their requirements and reward, and says when there are none', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/challenges': {
        body: { items: [challenge, { ...challenge, id: 8, title: 'Done one', submission }] },
      },
    });
    renderApp('/challenges');
    await screen.findByRole('heading', { level: 1, name: 'Squad Challenges' });
    const list = await screen.findByRole('list', { name: 'Challenges' });
    const first = within(list).getByRole('link', { name: 'Miami stars' });
    expect(first).toHaveAttribute('href', '/challenges/7');
    const tile = first.closest('li')!;
    expect(within(tile).getByText('Every card from Inter Miami CF')).toBeInTheDocument();
    expect(within(tile).getByText('Every card Legendary or rarer')).toBeInTheDocument();
    expect(within(tile).getByText('5,000')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Done one, completed' })).toBeInTheDocument();
  });

  it('shows a reward of coins and a pack, and of a pack alone', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/challenges': {
        body: {
          items: [
            { ...forPack, rewardCoins: 1_000, title: 'Coins and a pack' },
            { ...forPack, id: 10, title: 'A pack alone' },
          ],
        },
      },
    });
    renderApp('/challenges');
    const list = await screen.findByRole('list', { name: 'Challenges' });
    const both = within(list).getByRole('link', { name: 'Coins and a pack' }).closest('li')!;
    expect(both).toHaveTextContent('Reward 1,000+Rare Pack');
    const alone = within(list).getByRole('link', { name: 'A pack alone' }).closest('li')!;
    expect(alone).toHaveTextContent('Reward Rare Pack');
    expect(within(alone).queryByText('0')).not.toBeInTheDocument();
  });

  it('shows an empty list plainly', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() }, 'GET /api/challenges': { body: { items: [] } } });
    renderApp('/challenges');
    expect(await screen.findByText('No challenges right now')).toBeInTheDocument();
  });
});

describe('/challenges/:id', () => {
  it('shows which requirement each card meets, submits the squad after a confirmation, and shows the reward', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: cards },
      'GET /api/challenges/7': { body: challenge },
      'POST /api/challenges/7/submissions': {
        body: { submission, challenge: { ...challenge, completions: 4, submission } },
      },
    });
    const { user } = renderApp('/challenges/7');
    await screen.findByRole('heading', { level: 1, name: 'Miami stars' });
    const messi = await screen.findByRole('checkbox', { name: /Lionel Messi/ });
    const nwobodo = screen.getByRole('checkbox', { name: /Obinna Nwobodo/ });
    // Each card says which requirement it meets.
    expect(messi.closest('label')).toHaveTextContent('Inter Miami CF ✓');
    expect(nwobodo.closest('label')).toHaveTextContent('Inter Miami CF ✗');
    expect(screen.getByRole('checkbox', { name: /Frei/ })).toBeDisabled();
    const submit = screen.getByRole('button', { name: 'Submit squad' });
    expect(submit).toBeDisabled();

    await user.click(messi);
    await user.click(nwobodo);
    expect(screen.getByText('1 card does not meet the requirements.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.click(nwobodo);
    await user.click(screen.getByRole('checkbox', { name: /Jordi Alba/ }));
    expect(screen.getByText(/Chosen: 2 of 2/)).toBeInTheDocument();
    await user.click(submit);

    const dialog = await screen.findByRole('alertdialog', { name: 'Give up these cards?' });
    expect(dialog).toHaveTextContent('Lionel Messi, Jordi Alba');
    await user.click(within(dialog).getByRole('button', { name: 'Submit squad' }));

    const done = await screen.findByRole('status', { name: 'Challenge complete' });
    expect(done).toHaveTextContent('Reward received:5,000');
    expect(done).toHaveTextContent('You gave up 2 cards worth 187,700 coins.');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ cardIds: [1, 2] });
    expect(new Headers(post?.init?.headers).get('Idempotency-Key')).toMatch(/\S+/);
  });

  it('after a pack reward, says the pack was added and leads to the shop to open it', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: cards },
      'GET /api/challenges/9': { body: { ...forPack, completions: 1, submission: packSubmission } },
    });
    renderApp('/challenges/9');
    const done = await screen.findByRole('status', { name: 'Challenge complete' });
    expect(done).toHaveTextContent('Rare Pack added to your unopened packs');
    expect(done).not.toHaveTextContent('Reward received');
    expect(within(done).getByRole('link', { name: 'Open it in the shop' })).toHaveAttribute('href', '/shop');
  });

  it('says the server’s refusal in its words', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: cards },
      'GET /api/challenges/7': {
        body: { ...challenge, cardCount: 1, teamId: null, teamName: null, minRarity: null },
      },
      'POST /api/challenges/7/submissions': {
        status: 409,
        body: {
          message: 'A card in this squad is listed, at auction, in a lineup or in a trade being accepted',
        },
      },
    });
    const { user } = renderApp('/challenges/7');
    await user.click(await screen.findByRole('checkbox', { name: /Lionel Messi/ }));
    await user.click(screen.getByRole('button', { name: 'Submit squad' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit squad' }));
    expect(
      await screen.findByText(
        'A card in this squad is listed, at auction, in a lineup or in a trade being accepted',
      ),
    ).toBeInTheDocument();
  });
});
