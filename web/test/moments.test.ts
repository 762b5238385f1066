import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Notification } from '@touchline/contract';

import {
  actionToast,
  EARLY_WAIT_MS,
  GROUP_WINDOW_MS,
  holdForStarterReveal,
  MOMENT_WINDOW_MS,
  notificationToast,
  releaseStarterReveal,
  resetMoments,
} from '@/lib/moments';
import { dismissMoment, momentQueue } from '@/lib/moment-queue';
import { toast } from '@/lib/toast';

const shown: { kind: string; title: unknown; id: unknown; description: unknown }[] = [];

let nextId = 1;
const notification = (kind: string, title: string, message = ''): Notification => ({
  id: nextId++,
  kind,
  title,
  message,
  type: 'success',
  read: false,
  timestamp: '2026-11-27T12:00:00.000Z',
  link: null,
});

/** The toasts on screen: the last state of each id. */
const onScreen = () => [...new Map(shown.map((toast) => [toast.id, toast])).values()];

beforeEach(() => {
  vi.useFakeTimers();
  shown.length = 0;
  for (const kind of ['message', 'success', 'error', 'info', 'warning'] as const)
    vi.spyOn(toast, kind).mockImplementation((title, options) => {
      shown.push({ kind, title, id: options?.id, description: options?.description });
      return options?.id ?? '';
    });
});

afterEach(() => {
  resetMoments();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('one moment per action', () => {
  it('a mission and a badge an action completes are full-screen moments in turn, never lines of its toast', () => {
    actionToast('success', { title: 'Purchase successful', description: 'You bought A for 95 coins.' });
    vi.advanceTimersByTime(1_500);
    notificationToast(notification('mission.completed', 'Mission completed', 'Buy a card: claim 200'));
    notificationToast(notification('badge.earned', 'Badge earned: First Buy', 'Bought a card'));

    expect(onScreen()).toEqual([
      expect.objectContaining({ title: 'Purchase successful', description: 'You bought A for 95 coins.' }),
    ]);
    expect(momentQueue().map(({ kind, title }) => [kind, title])).toEqual([
      ['mission', 'Mission completed'],
      ['badge', 'Badge earned: First Buy'],
    ]);
    dismissMoment();
    expect(momentQueue().map(({ kind }) => kind)).toEqual(['badge']);
  });

  it('drops a notification the action already said, and shows follow-ons after the window on their own', () => {
    actionToast('success', { title: 'Request submitted', covers: ['cashout.requested'] });
    notificationToast(notification('cashout.requested', 'Cash-out requested'));
    expect(onScreen()).toHaveLength(1);

    vi.advanceTimersByTime(MOMENT_WINDOW_MS);
    notificationToast(notification('payment.succeeded', 'Coins added'));
    // It waits a moment for an action's answer that may be on its way, then shows on its own.
    expect(onScreen()).toHaveLength(1);
    vi.advanceTimersByTime(EARLY_WAIT_MS);
    expect(onScreen().map((toast) => toast.title)).toEqual(['Request submitted', 'Coins added']);
  });

  it('folds a follow-on that came just before the action answered', () => {
    notificationToast(notification('payment.succeeded', 'Coins added', '50,000 coins'));
    vi.advanceTimersByTime(EARLY_WAIT_MS - 500);
    actionToast('success', { title: 'Coins Added!' });
    vi.advanceTimersByTime(EARLY_WAIT_MS);
    expect(onScreen()).toEqual([
      expect.objectContaining({ title: 'Coins Added!', description: 'Coins added: 50,000 coins' }),
    ]);
  });

  it('groups notifications of one kind arriving together, and not those apart', () => {
    notificationToast(notification('trade.offer_received', 'New trade offer', 'a'));
    vi.advanceTimersByTime(500);
    notificationToast(notification('trade.offer_received', 'New trade offer', 'b'));
    notificationToast(notification('trade.offer_received', 'New trade offer', 'c'));
    notificationToast(notification('market.card_sold', 'Card sold'));
    expect(onScreen().map((toast) => toast.title)).toEqual(['3 new trade offers', 'Card sold']);

    vi.advanceTimersByTime(GROUP_WINDOW_MS);
    notificationToast(notification('trade.offer_received', 'New trade offer', 'd'));
    expect(onScreen().map((toast) => toast.title)).toEqual([
      '3 new trade offers',
      'Card sold',
      'New trade offer',
    ]);
  });

  it("holds a sign-up's toast and its sign-in mission until the starter reveal closes", () => {
    holdForStarterReveal();
    actionToast('success', { title: 'Registration successful', covers: ['welcome'] });
    notificationToast(notification('welcome', 'Welcome to Touchline!'));
    notificationToast(notification('mission.completed', 'Mission completed', 'Sign in today'));
    expect(shown).toEqual([]);
    expect(momentQueue()).toEqual([]);

    releaseStarterReveal();
    expect(onScreen()).toEqual([expect.objectContaining({ title: 'Registration successful' })]);
    expect(momentQueue().map(({ message }) => message)).toEqual(['Sign in today']);
  });
});
