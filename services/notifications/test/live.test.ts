import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, live, offerCreated, startNotifications, type Harness } from './support';

let h: Harness | undefined;
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const balance = (userId: number, version: number) => ({
  userId,
  balance: 1_000 + version,
  version,
  changedAt: new Date().toISOString(),
});

describe('Live: the hub every gateway process listens to once', () => {
  it('an event in: its notification (with the unread count) and its change events out', async () => {
    h = await startNotifications();
    const stream = live(h.client);
    await stream.ready;
    await h.send('trading.offer.created', offerCreated(1));
    await eventually(() => expect(stream.of(1)).toHaveLength(1));
    await eventually(() => expect(stream.of(2)).toHaveLength(2));
    const [notification, recipient] = stream.of(2);
    expect(notification).toMatchObject({
      change: 'notification',
      notification: {
        unreadCount: 1,
        notification: {
          userId: 2,
          kind: 'trade.offer_received',
          message: 'alice offered you 2 cards and 500 coins.',
        },
      },
    });
    expect(recipient).toMatchObject({
      change: 'offers',
      offers: { change: 'made', role: 'recipient', offerId: 1 },
    });
    expect(stream.of(1)[0]).toMatchObject({ offers: { change: 'made', role: 'sender', offerId: 1 } });
    // The same event delivered twice is handled once (inbox); the same fact again notifies no one again.
    const same = randomUUID();
    await h.send('trading.offer.created', offerCreated(1), { eventId: same });
    await h.send('trading.offer.created', offerCreated(1), { eventId: same });
    await h.send('market.prices.ticked', {
      tick: 9,
      tickedAt: '2026-11-27T15:00:00.000Z',
      prices: [{ playerId: 4, price: 120, previousPrice: 100, priceChange: 20 }],
    });
    await eventually(() => expect(stream.messages.filter((m) => m.change === 'prices')).toHaveLength(1));
    expect(stream.messages.filter((m) => m.change === 'prices')[0]).toMatchObject({
      audience: 'LIVE_AUDIENCE_EVERYONE',
      prices: { tick: 9, prices: [{ playerId: 4, price: 120, previousPrice: 100, priceChange: 20 }] },
    });
    expect(stream.ids(2)).toHaveLength(1);
    expect(stream.of(1).map((m) => m.change)).toEqual(['offers', 'offers']);
    stream.cancel();
  });

  it('two replicas share one channel: an event consumed by one reaches a Live call on the other', async () => {
    h = await startNotifications(2);
    const stream = live(h.replicas[1]!.client);
    await stream.ready;
    for (let offer = 1; offer <= 3; offer++)
      await h.send('trading.offer.created', offerCreated(offer), { replica: 0 });
    await eventually(() => expect(stream.ids(2)).toHaveLength(3));
    const listed = (await h.client.ListNotifications({ userId: 2 })).notifications
      .map((n) => Number(n.id))
      .reverse();
    expect(stream.ids(2)).toEqual(listed);
    // A read on replica 0 reaches the call on replica 1 as a fresh count, with its position.
    await h.replicas[0]!.client.MarkAllRead({ userId: 2 });
    await eventually(() =>
      expect(stream.of(2).at(-1)).toMatchObject({
        change: 'unread',
        unread: { unreadCount: 0, position: listed.at(-1) },
      }),
    );
    stream.cancel();
  });

  it("keeps a user's order: changes of one producer key arrive as they were consumed", async () => {
    h = await startNotifications(2);
    const stream = live(h.replicas[1]!.client);
    await stream.ready;
    const versions = Array.from({ length: 30 }, (_, i) => i + 1);
    for (const version of versions) {
      await h.send('wallet.balance.changed', balance(7, version), { replica: 0 });
      // A notification of the same user between the balances, at every fifth.
      if (version % 5 === 0)
        await h.send('trading.offer.created', offerCreated(version, 8, 7), { replica: 0 });
    }
    // Everything sent: the last offer's messages are published after the last balance's.
    await eventually(() => {
      expect(stream.of(7).filter((m) => m.balance)).toHaveLength(30);
      expect(stream.of(7).filter((m) => m.change === 'offers')).toHaveLength(6);
    });
    expect(stream.of(7).flatMap((m) => (m.balance ? [m.balance.version] : []))).toEqual(versions);
    const kinds = stream.of(7).map((m) => m.change);
    // Each offer's notification and change come right after the fifth balance before them.
    for (let i = 1; i <= 6; i++) {
      const at = kinds.findIndex((_, index) =>
        stream.of(7)[index]!.balance ? stream.of(7)[index]!.balance!.version === i * 5 : false,
      );
      expect(kinds.slice(at + 1, at + 3)).toEqual(['notification', 'offers']);
    }
    stream.cancel();
  });

  it('a change for admins and for everyone carries no user', async () => {
    h = await startNotifications();
    const stream = live(h.client);
    await stream.ready;
    await h.send('wallet.cashout.requested', {
      requestId: 5,
      userId: 3,
      coinsAmount: 10_000,
      cashAmountCents: 100,
      requestedAt: new Date().toISOString(),
    });
    await eventually(() => expect(stream.messages).toHaveLength(3));
    expect(stream.messages.map((m) => [m.audience, m.userId, m.change])).toEqual([
      ['LIVE_AUDIENCE_USER', 3, 'notification'],
      ['LIVE_AUDIENCE_USER', 3, 'cashout'],
      ['LIVE_AUDIENCE_ADMINS', 0, 'adminCashouts'],
    ]);
    stream.cancel();
  });

  it('shutdown ends Live calls at once with UNAVAILABLE, so the gateway reconnects elsewhere', async () => {
    h = await startNotifications();
    const stream = live(h.client);
    await stream.ready;
    await h.replicas[0]!.service.shutdown();
    expect(await stream.ended).toMatchObject({
      code: status.UNAVAILABLE,
      details: 'Notifications are restarting',
    });
  });
});

describe('Replay: what a stream needs when it opens', () => {
  it('a new stream: the unread count and the position, no notifications', async () => {
    h = await startNotifications();
    await h.send('trading.offer.created', offerCreated(1));
    await eventually(async () => expect((await h!.client.GetUnreadCount({ userId: 2 })).unreadCount).toBe(1));
    const [newest] = (await h.client.ListNotifications({ userId: 2 })).notifications;
    expect(await h.client.Replay({ userId: 2 })).toEqual({
      notifications: [],
      unreadCount: 1,
      position: Number(newest!.id),
    });
    expect(await h.client.Replay({ userId: 3 })).toEqual({ notifications: [], unreadCount: 0, position: 0 });
  });

  it('a resume: exactly the missed ones of the user, oldest first, and the position of the last', async () => {
    h = await startNotifications();
    for (let offer = 1; offer <= 4; offer++) await h.send('trading.offer.created', offerCreated(offer));
    await h.send('trading.offer.created', offerCreated(9, 2, 1)); // someone else's
    await eventually(async () => expect((await h!.client.GetUnreadCount({ userId: 2 })).unreadCount).toBe(4));
    const ids = (await h.client.ListNotifications({ userId: 2 })).notifications
      .map((n) => Number(n.id))
      .reverse();
    const replay = await h.client.Replay({ userId: 2, resume: true, afterId: ids[0]! });
    expect(replay.notifications.map((n) => Number(n.id))).toEqual(ids.slice(1));
    expect(replay).toMatchObject({ unreadCount: 4, position: ids.at(-1) });
    // From a position beyond what exists (a forged header): nothing, and the newest as the position.
    expect(await h.client.Replay({ userId: 2, resume: true, afterId: 1_000_000 })).toMatchObject({
      notifications: [],
      position: ids.at(-1),
    });
  });

  it('refuses a missing user with INVALID_ARGUMENT', async () => {
    h = await startNotifications();
    await expect(h.client.Replay({ userId: 0 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'user_id is required',
    });
  });
});
