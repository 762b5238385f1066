import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Notification, UnopenedPack } from '@touchline/contract';

import { FLIP_DURATION_MS } from '@/components/cards/FlipCard';
import { MomentHost } from '@/components/moments/MomentHost';
import { PACK_OPEN_DELAY_MS } from '@/features/shop/utils';
import { clearMoments, enqueueMoment } from '@/lib/moment-queue';
import { holdMoments, resetMoments } from '@/lib/moments';

import { makeCard, players } from './card-fixtures';
import { cardPacks, coinPackages } from './economy-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

// Issue 43: full-screen moments in turn, a walkout for a rare pull, and a pack that stays unopened
// until it is revealed.

afterEach(() => {
  resetMoments();
  clearMoments();
  vi.useRealTimers();
});

const notification = (id: number, kind: string, title: string, message: string): Notification => ({
  id,
  kind,
  title,
  message,
  type: 'success',
  read: false,
  timestamp: '2026-11-27T12:00:00.000Z',
  link: null,
});

describe('the full-screen moments', () => {
  it('shows a mission and a badge one after another, each with Continue, and says how many wait', async () => {
    const user = userEvent.setup();
    render(<MomentHost />);
    act(() => {
      enqueueMoment(notification(1, 'mission.completed', 'Mission completed', 'Open a pack: claim 300'));
      enqueueMoment(notification(2, 'badge.earned', 'Badge earned: Pack Opener', 'You opened a pack'));
      // The same notification twice (a replay) is one moment.
      enqueueMoment(notification(2, 'badge.earned', 'Badge earned: Pack Opener', 'You opened a pack'));
    });
    const first = await screen.findByRole('dialog', { name: 'Mission completed' });
    expect(within(first).getByText('Open a pack: claim 300')).toBeInTheDocument();
    expect(within(first).getByText('1 more')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'Badge earned: Pack Opener' });
    expect(within(second).queryByText(/more$/)).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides while a reveal holds the moments, and shows the same moment again after', async () => {
    render(<MomentHost />);
    act(() => enqueueMoment(notification(3, 'badge.earned', 'Badge earned: Collector', 'Ten players')));
    await screen.findByRole('dialog', { name: 'Badge earned: Collector' });
    let release = () => {};
    act(() => {
      release = holdMoments();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => release());
    expect(await screen.findByRole('dialog', { name: 'Badge earned: Collector' })).toBeInTheDocument();
  });
});

describe('an unopened pack', () => {
  const unopened: UnopenedPack = {
    purchaseId: 'purchase-1',
    packId: 4,
    packName: 'Legendary Pack',
    cards: [
      {
        ...makeCard({ id: 401, player: players.nwobodo, acquiredAt: '2026-03-06T18:00:00.000Z' }),
        packName: 'Legendary Pack',
      },
      {
        ...makeCard({ id: 402, player: players.alba, acquiredAt: '2026-03-06T18:00:00.000Z' }),
        packName: 'Legendary Pack',
      },
    ],
    boughtAt: '2026-03-06T18:00:00.000Z',
  };

  function setup() {
    return mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/balance': { body: { coins: 12_345 } },
      'GET /api/user/cards': { body: [] },
      'GET /api/coin-packages': { body: coinPackages },
      'GET /api/packs': { body: cardPacks },
      'GET /api/packs/unopened': { body: [unopened] },
      'POST /api/packs/revealed': { body: {} },
    });
  }

  it('waits in the shop; opening it walks out its rare pulls, and the summary marks it revealed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    const { user } = renderApp('/shop');
    const section = await screen.findByRole('region', { name: 'Unopened Packs' });
    expect(within(section).getByText('2 cards waiting to be revealed')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Open Legendary Pack' }));

    const dialog = await screen.findByRole('dialog', { name: 'Legendary Pack' });
    await user.click(within(dialog).getByRole('button', { name: 'Open Pack' }));
    act(() => vi.advanceTimersByTime(PACK_OPEN_DELAY_MS));
    await user.click(within(dialog).getByRole('button', { pressed: false }));
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    // An Epic pull takes the whole reveal.
    const walkout = within(dialog).getByRole('region', { name: 'Epic pull!' });
    expect(within(walkout).getAllByText('Obinna Nwobodo').length).toBeGreaterThan(0);
    await user.click(within(walkout).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).queryByRole('region', { name: 'Epic pull!' })).not.toBeInTheDocument();

    // Closing before the summary keeps it unopened: nothing is sent.
    expect(calls.filter((call) => call.path === '/api/packs/revealed')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/packs/revealed').map((call) => call.body)).toEqual([
        { purchaseId: 'purchase-1' },
      ]),
    );
  });

  it('home says a pack is waiting and leads to the shop', async () => {
    setup();
    renderApp('/');
    const notice = await screen.findByRole('region', { name: 'You have an unopened pack' });
    expect(within(notice).getByText('Legendary Pack')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/shop');
  });
});
