import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Notification, NotificationsPage } from '@touchline/contract';

import { formatNotificationTime } from '@/lib/notification-time';

import { FakeEventSource } from './fake-event-source';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

// Whole-app renders on a busy machine: more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    title: 'New trade offer',
    message: 'bob offered you 1 card and 500 coins.',
    type: 'info',
    read: false,
    timestamp: ago(5 * MINUTE),
    link: '/trade',
    kind: 'trade.offer_received',
    ...overrides,
  };
}

const page = (notifications: Notification[], nextCursor: string | null = null): NotificationsPage => ({
  items: notifications,
  unreadCount: notifications.filter((n) => !n.read).length,
  nextCursor,
});

/** The API over a list of notifications that read calls change, as the server's would. */
function setup(notifications: Notification[], extra: RouteHandlers = {}) {
  const state = notifications.map((n) => ({ ...n }));
  const unreadCount = () => state.filter((n) => !n.read).length;
  const markRead = (ids: number[]) => {
    for (const n of state) if (ids.includes(n.id)) n.read = true;
    return { body: { unreadCount: unreadCount() } };
  };
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: [] },
    'GET /api/user/starter-pack': { body: [] },
    'GET /api/notifications/unread-count': () => ({ body: { unreadCount: unreadCount() } }),
    'GET /api/notifications': () => ({ body: page(state) }),
    'POST /api/notifications/read-all': () => markRead(state.map((n) => n.id)),
    ...Object.fromEntries(state.map((n) => [`POST /api/notifications/${n.id}/read`, () => markRead([n.id])])),
    ...extra,
  });
}

const bell = () => screen.findByRole('button', { name: /^Notifications/ });

describe('notification times', () => {
  const now = new Date(2026, 2, 14, 15, 30);
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE).toISOString();

  it("reads 'N min(s) ago' under an hour, 'N hour(s) ago' under a day, else 'MMM d, h:mm a'", () => {
    expect(formatNotificationTime(at(0), now)).toBe('0 mins ago');
    expect(formatNotificationTime(at(1), now)).toBe('1 min ago');
    expect(formatNotificationTime(at(59), now)).toBe('59 mins ago');
    expect(formatNotificationTime(at(60), now)).toBe('1 hour ago');
    expect(formatNotificationTime(at(150), now)).toBe('2 hours ago');
    expect(formatNotificationTime(at(24 * 60 - 1), now)).toBe('23 hours ago');
    expect(formatNotificationTime(at(24 * 60), now)).toBe('Mar 13, 3:30 PM');
    expect(formatNotificationTime(new Date(2025, 11, 1, 9, 5).toISOString(), now)).toBe('Dec 1, 9:05 AM');
  });

  it('a time slightly ahead of the device clock reads 0 mins ago', () => {
    expect(formatNotificationTime(new Date(now.getTime() + 30_000).toISOString(), now)).toBe('0 mins ago');
  });
});

describe('the notifications bell', () => {
  it.each(['/', '/market', '/collection'])('shows the unread count in the header of %s', async (path) => {
    setup(
      [makeNotification({ id: 1 }), makeNotification({ id: 2 }), makeNotification({ id: 3, read: true })],
      {
        'GET /api/market/status': { body: { isOpen: true, nextEvent: '', nextEventAt: null } },
        'GET /api/market': { body: [] },
        'GET /api/teams': { body: [] },
      },
    );
    renderApp(path);
    await bell();
    expect(await screen.findByTestId('notification-badge', {}, { timeout: 5_000 })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('opens the popover with the texts of the spec and the times', async () => {
    setup([
      makeNotification({ id: 3, title: 'Card sold', timestamp: ago(MINUTE + 5_000) }),
      makeNotification({ id: 2, title: 'Mission complete', timestamp: ago(3 * 60 * MINUTE), read: true }),
      makeNotification({ id: 1, title: 'Welcome', timestamp: '2025-06-01T12:00:00.000Z', read: true }),
    ]);
    const { user } = renderApp('/');
    await user.click(await bell());
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(popover).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
    expect(await within(popover).findByText('Card sold')).toBeInTheDocument();
    expect(within(popover).getByText('1 min ago')).toBeInTheDocument();
    expect(within(popover).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(popover).getByText(/^Jun 1, \d{1,2}:00 (AM|PM)$/)).toBeInTheDocument();
    expect(within(popover).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it("says 'No notifications' when there are none", async () => {
    setup([]);
    const { user } = renderApp('/');
    await user.click(await bell());
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('clicking one marks it read and follows its link', async () => {
    const { calls } = setup([makeNotification({ id: 7, link: '/trade' })], {
      'GET /api/trades/incoming': { body: [] },
      'GET /api/trades/outgoing': { body: [] },
    });
    const { user, router } = renderApp('/');
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    await user.click(await bell());
    await user.click(await screen.findByTestId('notification-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade'));
    const read = calls.find((c) => c.method === 'POST' && c.path === '/api/notifications/7/read');
    expect(read?.body).toEqual({});
    expect(new Headers(read?.init?.headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it("'Mark all as read' marks every one read and clears the badge", async () => {
    const { calls } = setup([makeNotification({ id: 1 }), makeNotification({ id: 2 })]);
    const { user } = renderApp('/');
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
    await user.click(await bell());
    await screen.findByTestId('notification-2');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/notifications/read-all')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('notification-1')).toHaveAttribute('data-read', 'true'));
  });

  it("'View all notifications' opens /notifications, which pages through them", async () => {
    let served = 0;
    setup([], {
      'GET /api/notifications': () =>
        served++ === 0
          ? { body: page([makeNotification({ id: 3, title: 'Third' })], '3') }
          : { body: page([makeNotification({ id: 1, title: 'First', read: true })]) },
    });
    const { user, router } = renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('Third')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });
});

describe('the live notifications stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('opens one stream for the signed-in app, updates the badge and toasts a new notification', async () => {
    let listed: Notification[] = [];
    const { calls } = setup([], { 'GET /api/notifications': () => ({ body: page(listed) }) });
    const incomingTradeLoads = () => calls.filter((c) => c.path === '/api/trades/incoming').length;
    const { user } = renderApp('/');
    await screen.findByText('Welcome back, alice');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/notifications/stream');
    expect(source.init).toEqual({ withCredentials: true });

    act(() => source.emit('unread', { unreadCount: 4 }));
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('4');

    const arrived = makeNotification({
      id: 9,
      title: 'Card sold',
      message: 'Your Messi sold for 900 coins.',
    });
    listed = [arrived];
    await waitFor(() => expect(incomingTradeLoads()).toBeGreaterThan(0));
    const loadsBefore = incomingTradeLoads();
    act(() => source.emit('notification', { notification: arrived, unreadCount: 5 }, '9'));
    expect(await screen.findByText('Your Messi sold for 900 coins.')).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('5');
    // An offer's change refreshes the incoming offers behind the Profile tab's red dot at once.
    act(() => source.emit('offers', { change: 'made', role: 'recipient', offerId: 3 }, '9'));
    await waitFor(() => expect(incomingTradeLoads()).toBeGreaterThan(loadsBefore));

    await user.click(await bell());
    expect(await screen.findByTestId('notification-9')).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('closes the stream when the app unmounts, and opens it again after the server refused it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setup([]);
      const { unmount } = renderApp('/');
      await screen.findByText('Welcome back, alice');
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const first = FakeEventSource.instances[0]!;
      first.readyState = FakeEventSource.CLOSED;
      act(() => void first.dispatchEvent(new Event('error')));
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(FakeEventSource.instances).toHaveLength(2);
      unmount();
      expect(FakeEventSource.instances[1]!.readyState).toBe(FakeEventSource.CLOSED);
    } finally {
      vi.useRealTimers();
    }
  });
});
