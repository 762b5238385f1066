import { status } from '@grpc/grpc-js';
import { BAD_CURSOR_MESSAGE } from '@touchline/kit';
import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offerCreated, startNotifications, USERS, type Harness } from './support';

let h: Harness | undefined;
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('notifications from events', () => {
  it('lists newest first with usernames, never e-mails, pages, and counts unread', async () => {
    h = await startNotifications();
    await h.send('cards.starter_pack.granted', {
      userId: 2,
      cardIds: [1, 2, 3],
      grantedAt: '2026-11-20T10:00:00Z',
    });
    await h.send('trading.offer.created', offerCreated(5, 1, 2));
    await h.send('trading.offer.cancelled', { offerId: 5, fromUserId: 1, toUserId: 2, cancelledAt: '' });
    await h.send('trading.offer.created', offerCreated(6, 99, 2));
    const first = await h.client.ListNotifications({ userId: 2, page: { pageSize: 2 } });
    expect(first.unreadCount).toBe(4);
    expect(first.notifications.map((n) => [n.kind, n.title, n.message, n.type, n.link, n.read])).toEqual([
      [
        'trade.offer_received',
        'New trade offer',
        'User #99 offered you 2 cards and 500 coins.',
        'info',
        '/trade',
        false,
      ],
      [
        'trade.cancelled',
        'Trade offer cancelled',
        'alice cancelled the trade offer they sent you.',
        'info',
        '/trade',
        false,
      ],
    ]);
    const second = await h.client.ListNotifications({
      userId: 2,
      page: { pageSize: 2, cursor: first.nextCursor },
    });
    expect(second.notifications.map((n) => n.kind)).toEqual(['trade.offer_received', 'welcome']);
    expect(second.notifications[1]).toMatchObject({
      title: 'Welcome to Touchline!',
      message: 'Your starter pack of 3 cards is waiting in your collection.',
      link: '/collection',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    expect(second.nextCursor).toBe('');
    const all = JSON.stringify([first, second]);
    for (const user of Object.values(USERS)) expect(all).not.toContain(user.email);
    // The other user's feed is untouched.
    expect((await h.client.GetUnreadCount({ userId: 1 })).unreadCount).toBe(0);
  });

  it('one notification per event, even redelivered or published again', async () => {
    h = await startNotifications();
    const eventId = await h.send('trading.offer.created', offerCreated(5));
    await h.send('trading.offer.created', offerCreated(5), { eventId });
    await h.send('trading.offer.created', offerCreated(5));
    await h.send('trading.offer.voided', {
      offerId: 5,
      fromUserId: 1,
      toUserId: 2,
      reason: 'card_moved',
      voidedAt: '',
    });
    await h.send('trading.offer.voided', {
      offerId: 5,
      fromUserId: 1,
      toUserId: 2,
      reason: 'card_moved',
      voidedAt: '',
    });
    const recipient = await h.client.ListNotifications({ userId: 2 });
    expect(recipient.notifications.map((n) => n.kind)).toEqual(['trade.voided', 'trade.offer_received']);
    expect(recipient.notifications[0]!.message).toBe(
      'Your trade offer from alice was closed: a card in it changed owner.',
    );
    const sender = await h.client.ListNotifications({ userId: 1 });
    expect(sender.notifications.map((n) => n.message)).toEqual([
      'Your trade offer to bob was closed: a card in it changed owner.',
    ]);
    // The facts notified again took back the count they added.
    expect(recipient.unreadCount).toBe(2);
    expect((await h.client.GetUnreadCount({ userId: 1 })).unreadCount).toBe(1);
  });

  it('keeps the feed’s unread count equal to the unread notifications while marking races adding', async () => {
    h = await startNotifications(2);
    const harness = h;
    const unreadRows = async (userId: number) =>
      Number(
        (
          (
            await harness.database.db('notifications').where({ user_id: userId }).whereNull('read_at').count()
          )[0] as {
            count: number | string;
          }
        ).count,
      );
    await harness.send('trading.offer.created', offerCreated(1, 1, 2));
    const sends = Array.from({ length: 12 }, (_, i) =>
      harness.send('trading.offer.created', offerCreated(i + 2, 1, 2)),
    );
    const marks = Array.from({ length: 6 }, async (_, i) => {
      const listed = await harness.replicas[i % 2]!.client.ListNotifications({ userId: 2, unreadOnly: true });
      const ids = listed.notifications.slice(0, 2).map((n) => Number(n.id));
      return ids.length > 0
        ? harness.replicas[i % 2]!.client.MarkRead({ userId: 2, notificationIds: ids })
        : harness.client.MarkAllRead({ userId: 2 });
    });
    await Promise.all([...sends, ...marks]);
    const count = (await harness.client.GetUnreadCount({ userId: 2 })).unreadCount;
    expect(count).toBe(await unreadRows(2));
    expect(await harness.client.MarkAllRead({ userId: 2 })).toEqual({ unreadCount: 0 });
    expect(await unreadRows(2)).toBe(0);
    await harness.send('trading.offer.created', offerCreated(99, 1, 2));
    expect((await harness.client.GetUnreadCount({ userId: 2 })).unreadCount).toBe(1);
  });

  it('marks read only the caller’s own; a foreign id changes nothing; mark all read', async () => {
    h = await startNotifications();
    await h.send('trading.offer.created', offerCreated(1, 1, 2));
    await h.send('trading.offer.created', offerCreated(2, 1, 2));
    await h.send('trading.offer.created', offerCreated(3, 2, 1));
    const [mine, other] = [
      (await h.client.ListNotifications({ userId: 2 })).notifications.map((n) => Number(n.id)),
      (await h.client.ListNotifications({ userId: 1 })).notifications.map((n) => Number(n.id)),
    ];
    await expect(
      h.client.MarkRead({ userId: 2, notificationIds: [mine[0]!, other[0]!] }),
    ).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Notification not found',
    });
    expect((await h.client.GetUnreadCount({ userId: 2 })).unreadCount).toBe(2);
    expect((await h.client.GetUnreadCount({ userId: 1 })).unreadCount).toBe(1);
    expect(await h.client.MarkRead({ userId: 2, notificationIds: [mine[0]!] })).toEqual({ unreadCount: 1 });
    expect(await h.client.MarkRead({ userId: 2, notificationIds: [mine[0]!] })).toEqual({ unreadCount: 1 });
    const unread = await h.client.ListNotifications({ userId: 2, unreadOnly: true });
    expect(unread.notifications.map((n) => Number(n.id))).toEqual([mine[1]]);
    expect(await h.client.MarkAllRead({ userId: 2 })).toEqual({ unreadCount: 0 });
    expect((await h.client.GetUnreadCount({ userId: 1 })).unreadCount).toBe(1);
  });

  it('refuses bad requests with INVALID_ARGUMENT', async () => {
    h = await startNotifications();
    await expect(h.client.ListNotifications({ userId: 0 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    await expect(h.client.ListNotifications({ userId: 1, page: { cursor: 'x' } })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: BAD_CURSOR_MESSAGE,
    });
    await expect(h.client.MarkRead({ userId: 1, notificationIds: [] })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});
