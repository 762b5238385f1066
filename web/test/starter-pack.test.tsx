import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FLIP_DURATION_MS } from '@/components/cards/FlipCard';
import { AUTO_REVEAL_MS } from '@/components/cards/StarterPackOverlay';

import { makeCard, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall } from './utils';

const starterPack = [
  makeCard({ id: 201, player: players.guzan, editionNumber: 89, acquiredAt: '2026-03-07T10:00:00.000Z' }),
  makeCard({ id: 202, player: players.nwobodo, editionNumber: 41, acquiredAt: '2026-03-07T10:00:00.000Z' }),
  makeCard({ id: 203, player: players.herbers, editionNumber: 413, acquiredAt: '2026-03-07T10:00:00.000Z' }),
];

function setup() {
  let revealed = false;
  const mock = mockFetch({
    'GET /api/user': { body: makeUser({ cardCount: 3 }) },
    'GET /api/user/cards': { body: starterPack },
    'GET /api/user/starter-pack': () => ({ body: revealed ? [] : starterPack }),
    'POST /api/user/starter-pack/revealed': () => {
      revealed = true;
      return { body: { revealed: 3 } };
    },
  });
  return mock;
}

const count = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).length;

function packCards() {
  const grid = screen.getByRole('list', { name: 'Starter pack cards' });
  return within(grid).getAllByRole('button');
}

describe('starter-pack reveal overlay', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on home with face-down cards; Skip Reveal, then Continue to App marks the pack revealed', async () => {
    const { calls } = setup();
    const { user } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: 'New Starter Pack!' });
    expect(within(dialog).getByText('Tap cards to reveal your players')).toBeInTheDocument();
    const cards = packCards();
    expect(cards).toHaveLength(3);
    expect(cards.every((card) => card.getAttribute('data-state') === 'hidden')).toBe(true);
    expect(within(dialog).getAllByText('Rare Card').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Continue to App' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Skip Reveal' }));

    expect(packCards().every((card) => card.getAttribute('data-state') === 'revealed')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip Reveal' })).not.toBeInTheDocument();
    expect(count(calls, 'POST', '/api/user/starter-pack/revealed')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Continue to App' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find(
      (call) => call.method === 'POST' && call.path === '/api/user/starter-pack/revealed',
    );
    expect(post?.body).toEqual({});
    // The starter pack is refetched (now empty), so the overlay stays closed.
    await waitFor(() => expect(count(calls, 'GET', '/api/user/starter-pack')).toBe(2));
    expect(screen.queryByText('New Starter Pack!')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome back, alice')).toBeInTheDocument();
  });

  it('reveals every card by itself after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    renderApp('/');

    await screen.findByRole('dialog', { name: 'New Starter Pack!' });
    expect(screen.getByRole('button', { name: 'Skip Reveal' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(AUTO_REVEAL_MS - 100));
    expect(packCards().some((card) => card.getAttribute('data-state') === 'hidden')).toBe(true);

    act(() => vi.advanceTimersByTime(100));
    expect(packCards().every((card) => card.getAttribute('data-state') === 'revealed')).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue to App' })).toBeInTheDocument();
    expect(count(calls, 'POST', '/api/user/starter-pack/revealed')).toBe(0);

    // A tap on an auto-revealed card keeps it face up (it only takes the spotlight).
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(packCards()[1]!);
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    expect(packCards().every((card) => card.getAttribute('data-state') === 'revealed')).toBe(true);
    expect(screen.getByText('3 of 3 revealed')).toBeInTheDocument();
  });

  it('reveals every card when the pack in the middle is tapped', async () => {
    setup();
    const { user } = renderApp('/');

    await screen.findByRole('dialog', { name: 'New Starter Pack!' });
    await user.click(screen.getByRole('button', { name: 'Open the pack' }));

    expect(packCards().every((card) => card.getAttribute('data-state') === 'revealed')).toBe(true);
    expect(screen.getByText('3 of 3 revealed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open the pack' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to App' })).toBeInTheDocument();
  });

  it("turns the button into 'Continue to App' once every card is tapped open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    const { user } = renderApp('/');

    await screen.findByRole('dialog', { name: 'New Starter Pack!' });
    for (const card of packCards()) {
      await user.click(card);
      act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    }

    expect(screen.getByText('3 of 3 revealed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to App' })).toBeInTheDocument();
    expect(screen.getAllByText('Brad Guzan').length).toBeGreaterThan(0);
  });

  it('stays closed when the starter pack is empty', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: [] },
      'GET /api/user/starter-pack': { body: [] },
    });
    renderApp('/');

    expect(await screen.findByText('No cards in your collection yet')).toBeInTheDocument();
    await waitFor(() => expect(count(calls, 'GET', '/api/user/starter-pack')).toBe(1));
    expect(screen.queryByText('New Starter Pack!')).not.toBeInTheDocument();
  });
});
