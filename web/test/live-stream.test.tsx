import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeEventSource } from './fake-event-source';
import { makeUser, mockFetch, renderApp } from './utils';

// Whole-app renders on a busy machine: more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

function setup() {
  const { calls } = mockFetch({
    'GET /api/user': { body: makeUser({ coins: 10_000 }) },
    'GET /api/user/cards': { body: [] },
    'GET /api/user/starter-pack': { body: [] },
    'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    'GET /api/notifications': { body: { items: [], nextCursor: null, unreadCount: 0 } },
    'GET /api/trades/incoming': { body: [] },
  });
  return { loads: (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length };
}

async function openStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const source = FakeEventSource.instances[0]!;
  act(() => source.open());
  return source;
}

const pill = () => screen.getByText(/^Balance: /).parentElement!;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live stream', () => {
  it('a balance event shows the new coins in the header at once and lights the pill up, then down', async () => {
    const { loads } = setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    const userLoads = loads('/api/user');

    act(() => source.emit('balance', { balance: 10_382, version: 1 }));
    expect(await screen.findByText('Balance: 10,382')).toBeInTheDocument();
    expect(pill()).toHaveAttribute('data-change', 'up');
    act(() => source.emit('balance', { balance: 10_082, version: 2 }));
    expect(await screen.findByText('Balance: 10,082')).toBeInTheDocument();
    expect(pill()).toHaveAttribute('data-change', 'down');
    await waitFor(() => expect(pill()).not.toHaveAttribute('data-change'), { timeout: 3_000 });
    // The value came with the event: nothing was asked for.
    expect(loads('/api/user')).toBe(userLoads);
  });

  it('a balance event brings the wallet sheet its held coins too, as the balance (issue 43)', async () => {
    let held = 0;
    mockFetch({
      'GET /api/user': { body: makeUser({ coins: 10_000 }) },
      'GET /api/user/cards': { body: [] },
      'GET /api/user/starter-pack': { body: [] },
      'GET /api/user/balance': () => ({ body: { coins: 10_000 - held, heldCoins: held } }),
      'GET /api/user/spending-limit': {
        body: { monthlyLimit: null, pending: null, spentThisMonth: 0, remaining: null },
      },
      'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
      'GET /api/notifications': { body: { items: [], nextCursor: null, unreadCount: 0 } },
      'GET /api/trades/incoming': { body: [] },
    });
    const { user } = renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    await user.click(screen.getByRole('button', { name: 'Balance: 10,000' }));
    const sheet = await screen.findByRole('dialog', { name: 'Wallet' });
    const heldFigure = () => within(sheet).getByText('Held coins').closest('div')!;
    await waitFor(() => expect(heldFigure()).toHaveTextContent(/Held coins\s*0/));

    // A trade offer with 2,500 coins sets them aside: the spendable balance falls, the held rise.
    held = 2_500;
    act(() => source.emit('balance', { balance: 7_500, version: 1 }));
    await waitFor(() => expect(heldFigure()).toHaveTextContent(/Held coins\s*2,500/));
    expect(within(sheet).getByText('7,500')).toBeInTheDocument();
  });

  it('the first open reads nothing again; an open after a drop reads again what the page shows', async () => {
    const { loads } = setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    await waitFor(() => expect(loads('/api/user/cards')).toBeGreaterThan(0));
    const before = { user: loads('/api/user'), cards: loads('/api/user/cards') };
    const source = await openStream();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect({ user: loads('/api/user'), cards: loads('/api/user/cards') }).toEqual(before);

    act(() => source.drop());
    act(() => source.open());
    await waitFor(() => expect(loads('/api/user')).toBeGreaterThan(before.user));
    await waitFor(() => expect(loads('/api/user/cards')).toBeGreaterThan(before.cards));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('a `resync` reads again what the page shows', async () => {
    const { loads } = setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    const cardsBefore = loads('/api/user/cards');
    act(() => source.emit('resync', { reason: 'the server lost its link to the bus' }));
    await waitFor(() => expect(loads('/api/user/cards')).toBeGreaterThan(cardsBefore));
  });

  it('reopens a refused stream from the position it reached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    act(() => source.emit('notification', { unreadCount: 1 }, '41'));
    act(() => source.emit('balance', { balance: 1, version: 1 }, ''));
    act(() => source.drop(FakeEventSource.CLOSED));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/notifications/stream?lastEventId=41');
  });

  it('`closed` replaced: the tab stops following, says why, and never reconnects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    const message = 'You opened Touchline in more tabs than allowed; this one no longer updates.';
    act(() => source.emit('closed', { reason: 'replaced', message }));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(await screen.findByText('Live updates stopped in this tab')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    // The server ends the response: a closed source reports nothing, and no timer opens another.
    act(() => source.drop(FakeEventSource.CLOSED));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('`closed` shutdown: the browser reconnects by itself, and the page reads again once it is back', async () => {
    const { loads } = setup();
    renderApp('/');
    await screen.findByText('Welcome back, alice');
    const source = await openStream();
    act(() => source.emit('closed', { reason: 'shutdown', message: 'The server restarts.' }));
    expect(source.readyState).toBe(FakeEventSource.OPEN);
    const userLoads = loads('/api/user');
    act(() => source.drop());
    act(() => source.open());
    await waitFor(() => expect(loads('/api/user')).toBeGreaterThan(userLoads));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
