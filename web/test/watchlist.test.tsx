import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { WatchlistEntry } from '@touchline/contract';
import { dispatchLiveEvent } from '@/lib/live/dispatch';
import { watchlistKeys } from '@/lib/data/watchlist';

import { catalogEntry, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const messiEntry: WatchlistEntry = {
  player: { ...players.messi, currentPrice: 5000, priceChange: 2.5 },
  watchedAt: '2026-11-20T15:00:00.000Z',
  alerts: [
    {
      id: 4,
      playerId: players.messi.id,
      direction: 'above',
      threshold: 6000,
      met: false,
      lastTriggeredAt: null,
      createdAt: '2026-11-20T15:00:00.000Z',
    },
  ],
};

function setup(list: WatchlistEntry[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/watchlist': { body: list },
    [`GET /api/market/players/${players.messi.id}/history`]: {
      body: { playerId: players.messi.id, points: [] },
    },
    ...extra,
  });
}

describe('/watchlist', () => {
  it('shows each watched player with its price, 24 h change and alerts; sets another alert', async () => {
    const { calls } = setup([messiEntry], {
      [`POST /api/watchlist/${players.messi.id}/alerts`]: {
        status: 201,
        body: { ...messiEntry.alerts[0]!, id: 5, direction: 'below', threshold: 4000 },
      },
    });
    const { user } = renderApp('/watchlist');
    const row = await screen.findByRole('listitem', { name: 'Lionel Messi' });
    expect(within(row).getByRole('heading', { name: 'Lionel Messi' })).toBeInTheDocument();
    expect(within(row).getByText('5,000')).toBeInTheDocument();
    expect(within(row).getByText('+2.5%')).toBeInTheDocument();
    expect(within(row).getByText('Above 6,000 coins')).toBeInTheDocument();
    expect(within(row).getByText('Waiting for the price to cross.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Watch Lionel Messi' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const form = within(row).getByRole('form', { name: 'New price alert for Lionel Messi' });
    await user.selectOptions(within(form).getByLabelText('Alert when the price goes'), 'below');
    await user.type(within(form).getByLabelText('Price in coins'), '4000');
    await user.click(within(form).getByRole('button', { name: 'Set Alert' }));
    expect(await screen.findByText('Price alert set')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ direction: 'below', threshold: 4000 });
  });

  it("shows the server's limit message, and a tick moves the price in place", async () => {
    setup([messiEntry], {
      [`POST /api/watchlist/${players.messi.id}/alerts`]: {
        status: 422,
        body: { message: 'You can set up to 2 alerts per player. Remove one to add another.' },
      },
    });
    const { user, queryClient } = renderApp('/watchlist');
    const row = await screen.findByRole('listitem', { name: 'Lionel Messi' });
    await user.type(within(row).getByLabelText('Price in coins'), '7000');
    await user.click(within(row).getByRole('button', { name: 'Set Alert' }));
    expect(
      await screen.findByText('You can set up to 2 alerts per player. Remove one to add another.'),
    ).toBeInTheDocument();

    dispatchLiveEvent(
      queryClient,
      'prices',
      JSON.stringify({
        tick: 9,
        at: '2026-11-20T15:05:00.000Z',
        prices: [{ playerId: players.messi.id, price: 6100, previousPrice: 5000, priceChange: 4.1 }],
      }),
    );
    await waitFor(() => expect(within(row).getByText('6,100')).toBeInTheDocument());
    expect(queryClient.getQueryData<WatchlistEntry[]>(watchlistKeys.all)![0]!.player.priceChange).toBe(4.1);
  });

  it('says how to start when empty; the Home shortcut leads here', async () => {
    setup([]);
    renderApp('/watchlist');
    expect(await screen.findByText('No players watched yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/catalog');
  });
});

describe('the star', () => {
  it("stars a player from the catalog's card popup, and unstars it", async () => {
    // The server's list as the calls change it.
    let watched: WatchlistEntry[] = [];
    const { calls } = setup([], {
      'GET /api/watchlist': () => ({ body: watched }),
      'GET /api/player-catalog': { body: [catalogEntry(players.messi, 1)] },
      [`PUT /api/watchlist/${players.messi.id}`]: () => {
        watched = [{ ...messiEntry, alerts: [] }];
        return { status: 201, body: watched[0] };
      },
      [`DELETE /api/watchlist/${players.messi.id}`]: () => {
        watched = [];
        return { body: { success: true, message: 'Removed from your watchlist' } };
      },
    });
    const { user } = renderApp('/catalog');
    const row = await screen.findByRole('listitem', { name: 'Lionel Messi' });
    await user.click(within(row).getByRole('button'));
    const star = await screen.findByRole('button', { name: 'Watch Lionel Messi' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.filter((c) => c.path === `/api/watchlist/${players.messi.id}`).map((c) => c.method)).toEqual(
      ['PUT', 'DELETE'],
    );
  });
});
