import { status } from '@grpc/grpc-js';
import { warmSharedPglite } from '@touchline/kit/src/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySignals } from '../src/signals/memory-signals';
import type { FeedSignals } from '../src/signals';
import { eventually, offerCreated, startNotifications, subscribe, type Harness } from './support';

let h: Harness | undefined;
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('Subscribe', () => {
  it('starts with the unread count, then each new notification once', async () => {
    h = await startNotifications();
    await h.send('trading.offer.created', offerCreated(1));
    const stream = subscribe(h.client, { userId: 2 });
    await eventually(() => expect(stream.messages).toHaveLength(1));
    const listed = (await h.client.ListNotifications({ userId: 2 })).notifications;
    expect(stream.messages[0]).toEqual({
      notification: null,
      unreadCount: 1,
      position: Number(listed[0]!.id),
    });
    await h.send('trading.offer.created', offerCreated(2));
    await h.send('trading.offer.created', offerCreated(2));
    await eventually(() => expect(stream.ids()).toHaveLength(1));
    expect(stream.messages[1]).toMatchObject({
      unreadCount: 2,
      position: stream.ids()[0],
      notification: {
        userId: 2,
        kind: 'trade.offer_received',
        message: 'alice offered you 2 cards and 500 coins.',
      },
    });
    stream.cancel();
  });

  it('two replicas: created on one, the subscriber on the other gets it once', async () => {
    h = await startNotifications(2);
    const stream = subscribe(h.replicas[1]!.client, { userId: 2 });
    await eventually(() => expect(stream.messages).toHaveLength(1));
    for (let offer = 1; offer <= 3; offer++)
      await h.send('trading.offer.created', offerCreated(offer), { replica: 0 });
    await eventually(() => expect(stream.ids()).toHaveLength(3));
    const listed = (await h.client.ListNotifications({ userId: 2 })).notifications
      .map((n) => Number(n.id))
      .reverse();
    expect(stream.ids()).toEqual(listed);
    // A read on replica 0 reaches the stream on replica 1 as a fresh count.
    await h.replicas[0]!.client.MarkAllRead({ userId: 2 });
    await eventually(() =>
      expect(stream.messages.at(-1)).toEqual({ notification: null, unreadCount: 0, position: listed.at(-1) }),
    );
    expect(stream.ids()).toEqual(listed);
    stream.cancel();
  });

  it('a reconnect with after_id replays exactly the missed ones, then goes live', async () => {
    h = await startNotifications(2);
    const first = subscribe(h.replicas[0]!.client, { userId: 2 });
    await eventually(() => expect(first.messages).toHaveLength(1));
    await h.send('trading.offer.created', offerCreated(1));
    await eventually(() => expect(first.ids()).toHaveLength(1));
    first.cancel();
    await first.ended;
    for (let offer = 2; offer <= 4; offer++) await h.send('trading.offer.created', offerCreated(offer));
    await h.send('trading.offer.created', offerCreated(9, 2, 1)); // someone else's
    const again = subscribe(h.replicas[1]!.client, { userId: 2, resume: true, afterId: first.ids()[0]! });
    const missed = (await h.client.ListNotifications({ userId: 2 })).notifications
      .map((n) => Number(n.id))
      .reverse()
      .slice(1);
    await eventually(() => expect(again.ids()).toEqual(missed));
    expect(again.messages[0]).toMatchObject({ notification: null, unreadCount: 4 });
    await h.send('trading.offer.created', offerCreated(5));
    await eventually(() => expect(again.ids()).toHaveLength(4));
    expect(new Set(again.ids()).size).toBe(4);
    expect(again.ids().slice(0, 3)).toEqual(missed);
    again.cancel();
  });

  it('resuming from the position of a stream that got no notification misses nothing', async () => {
    h = await startNotifications();
    const first = subscribe(h.client, { userId: 2 });
    await eventually(() => expect(first.messages).toHaveLength(1));
    expect(first.messages[0]!.position).toBe(0);
    first.cancel();
    await first.ended;
    await h.send('trading.offer.created', offerCreated(1));
    await h.send('trading.offer.created', offerCreated(2));
    const again = subscribe(h.client, { userId: 2, resume: true, afterId: first.messages[0]!.position });
    await eventually(() => expect(again.ids()).toHaveLength(2));
    again.cancel();
  });

  it('a lost signal is made up by the poll', async () => {
    // Signals that never arrive anywhere: only the poll can deliver.
    const deaf: FeedSignals = { ...createMemorySignals(), publish: () => Promise.resolve() };
    h = await startNotifications(2, { signals: () => deaf, env: { NOTIFICATIONS_POLL_MS: '100' } });
    const stream = subscribe(h.replicas[1]!.client, { userId: 2 });
    await eventually(() => expect(stream.messages).toHaveLength(1));
    await h.send('trading.offer.created', offerCreated(1), { replica: 0 });
    await h.send('trading.offer.created', offerCreated(2), { replica: 0 });
    await eventually(() => expect(stream.ids()).toHaveLength(2));
    expect(new Set(stream.ids()).size).toBe(2);
    stream.cancel();
  });

  it('an after_id beyond what exists hides nothing that comes later', async () => {
    h = await startNotifications();
    const stream = subscribe(h.client, { userId: 2, resume: true, afterId: 1_000_000 });
    await eventually(() => expect(stream.messages).toHaveLength(1));
    await h.send('trading.offer.created', offerCreated(1));
    await eventually(() => expect(stream.ids()).toHaveLength(1));
    stream.cancel();
  });

  it('an idle stream gets keep-alive counts and stays open', async () => {
    h = await startNotifications(1, { env: { NOTIFICATIONS_STREAM_KEEPALIVE_MS: '100' } });
    const stream = subscribe(h.client, { userId: 2 });
    await eventually(() => expect(stream.messages.length).toBeGreaterThanOrEqual(4));
    expect(stream.messages.every((m) => m.notification === null && m.unreadCount === 0)).toBe(true);
    await h.send('trading.offer.created', offerCreated(1));
    await eventually(() => expect(stream.ids()).toHaveLength(1));
    stream.cancel();
  });

  it('refuses a missing user with INVALID_ARGUMENT', async () => {
    h = await startNotifications();
    const stream = subscribe(h.client, { userId: 0 });
    expect(await stream.ended).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'user_id is required',
    });
  });

  it('shutdown ends open streams at once with UNAVAILABLE, so the gateway reconnects elsewhere', async () => {
    h = await startNotifications();
    const stream = subscribe(h.client, { userId: 2 });
    await eventually(() => expect(stream.messages).toHaveLength(1));
    await h.replicas[0]!.service.shutdown();
    // Ended by the service itself (not by the drain's forced shutdown after SHUTDOWN_TIMEOUT_MS).
    expect(await stream.ended).toMatchObject({
      code: status.UNAVAILABLE,
      details: 'Notifications are restarting',
    });
  });
});
