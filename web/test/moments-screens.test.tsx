import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

/** A screen's list of rows (a `main` with a list marked as lib/list-focus does) under the moments. */
function ScreenWithList({ rows }: { rows: string[] }) {
  return (
    <>
      <main>
        <h1 tabIndex={-1}>Market</h1>
        <ul aria-label="Market listings" data-focus-list="">
          {rows.map((row) => (
            <li key={row}>
              <button type="button">{`Buy ${row}`}</button>
            </li>
          ))}
        </ul>
      </main>
      <MomentHost />
    </>
  );
}

describe('the focus after the moments (issue 43, item 15)', () => {
  // Radix gives the focus back a tick after a dialog unmounts: the last test's must land first.
  beforeEach(() => act(() => new Promise((resolve) => setTimeout(resolve, 0))));

  it('goes back to the list when the last of two moments closes, the bought row gone meanwhile', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ScreenWithList rows={['Ana', 'Ben', 'Cai']} />);
    screen.getByRole('button', { name: 'Buy Ben' }).focus();
    act(() => {
      enqueueMoment(notification(11, 'mission.completed', 'Mission completed', 'Buy a card'));
      enqueueMoment(notification(12, 'badge.earned', 'Badge earned: Trader', 'Your first buy'));
    });
    const first = await screen.findByRole('dialog', { name: 'Mission completed' });
    // The bought listing leaves the list while the moment is on screen.
    rerender(<ScreenWithList rows={['Ana', 'Cai']} />);
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'Badge earned: Trader' });
    await waitFor(() => expect(within(second).getByRole('button', { name: 'Continue' })).toHaveFocus());
    await user.click(within(second).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The row now in the bought one's place, not the heading.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy Cai' })).toHaveFocus());
  });

  it('goes back to what had the focus when it is still there', async () => {
    const user = userEvent.setup();
    render(<ScreenWithList rows={['Ana', 'Ben']} />);
    screen.getByRole('button', { name: 'Buy Ana' }).focus();
    act(() => enqueueMoment(notification(13, 'badge.earned', 'Badge earned: Collector', 'Ten players')));
    const moment = await screen.findByRole('dialog', { name: 'Badge earned: Collector' });
    await user.click(within(moment).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy Ana' })).toHaveFocus());
  });

  it('goes to the screen’s list, not its heading, when the focus was lost before the moment', async () => {
    const user = userEvent.setup();
    render(<ScreenWithList rows={['Ana', 'Ben']} />);
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => enqueueMoment(notification(14, 'mission.completed', 'Mission completed', 'Sell a card')));
    const moment = await screen.findByRole('dialog', { name: 'Mission completed' });
    await user.click(within(moment).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy Ana' })).toHaveFocus());
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
    pricePaid: 60_000,
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
