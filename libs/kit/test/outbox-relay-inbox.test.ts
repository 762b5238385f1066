/**
 * The event path of every service on a real database: Outbox (in the writer's transaction) → OutboxRelay
 * (lease-holding publisher) → EventBus → subscribeConsumers (inbox, at most once per consumer group).
 */
import { describe, it, expect, beforeAll, beforeEach, afterAll, vi } from 'vitest';
import { decodeEvent, TOPICS } from '@touchline/protos';
import { fixedClock, seededRandom } from '../src/clock';
import { postgresListener, type Database } from '../src/db/database';
import { migrate, type Migration } from '../src/db/migrate';
import type { BusMessage, EventBus, Subscription } from '../src/events/bus';
import { InProcessBus } from '../src/events/in-process-bus';
import { batchConsumer, consumer, subscribeConsumers, type EventMeta } from '../src/events/inbox';
import { kitMigrations } from '../src/events/kit-migrations';
import { Outbox } from '../src/events/outbox';
import { OutboxRelay } from '../src/events/relay';
import { createTestDatabase, silentLogger, type TestDatabase } from '../src/testing';

const TOPIC = TOPICS.userRegistered;
const REGISTERED_AT = '2026-03-01T12:00:00.000Z';

/** A bus that records what it is asked to publish and hands out the subscriptions it receives. */
class FakeBus implements EventBus {
  readonly batches: BusMessage[][] = [];
  readonly subscriptions: Subscription[] = [];
  failNextPublishes = 0;

  async publish(messages: BusMessage[]): Promise<void> {
    if (this.failNextPublishes > 0) {
      this.failNextPublishes--;
      throw new Error('broker unavailable');
    }
    this.batches.push(messages);
  }
  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
  }
  async close(): Promise<void> {}

  get messages(): BusMessage[] {
    return this.batches.flat();
  }
  /** The user ids of the published events, in publish order. */
  get userIds(): number[] {
    return this.messages.map((m) => decodeEvent(TOPIC, m.value).userId);
  }
  /** Delivers a message to the (only) subscription, as a bus would. */
  deliver(message: BusMessage): Promise<void> {
    return this.subscriptions[0]!.handler(message);
  }
}

const notesMigration: Migration = {
  name: '001_notes',
  up: (db) =>
    db.schema.createTable('notes', (t) => {
      t.increments('id');
      t.text('text').notNullable();
    }),
};

let database: TestDatabase;
let db: Database;
const clock = fixedClock(REGISTERED_AT);
const random = seededRandom(2026);
let nudges = 0;
const outbox = new Outbox(clock, random, () => nudges++);

beforeAll(async () => {
  database = await createTestDatabase('kit_events');
  db = database.db;
  await migrate(db, database.schema, [...kitMigrations, notesMigration]);
});

beforeEach(async () => {
  for (const table of ['outbox', 'inbox', 'relay_lease', 'notes']) await db(table).del();
  nudges = 0;
});

afterAll(async () => {
  await database?.close();
});

const registered = (userId: number) => ({ userId, username: `user${userId}`, registeredAt: REGISTERED_AT });

/** Commits one event (and a note, standing for the change it describes); returns the event id. */
function commitEvent(userId: number, key = String(userId), on: Database = db): Promise<string> {
  return on.transaction(async (trx) => {
    await trx('notes').insert({ text: `registered ${userId}` });
    return outbox.add(trx, TOPIC, key, registered(userId));
  });
}

function relayOn(bus: EventBus, options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) {
  return new OutboxRelay({
    db,
    bus,
    logger: silentLogger,
    name: 'kit-events',
    holder: 'replica-a',
    ...options,
  });
}

async function count(table: string): Promise<number> {
  const [row] = await db(table).count({ n: '*' });
  return Number(row!.n);
}

/** One published message, for feeding consumers directly. */
async function publishedMessage(userId: number): Promise<BusMessage> {
  const bus = new FakeBus();
  await commitEvent(userId);
  await relayOn(bus).flush();
  return bus.messages.at(-1)!;
}

describe('Outbox and OutboxRelay', () => {
  it('never publishes an event whose transaction rolled back', async () => {
    const bus = new FakeBus();
    await expect(
      db.transaction(async (trx) => {
        await outbox.add(trx, TOPIC, '1', registered(1));
        throw new Error('username taken after all');
      }),
    ).rejects.toThrow('username taken after all');

    await relayOn(bus).flush();
    expect(bus.messages).toEqual([]);
    expect(await count('outbox')).toBe(0);
    expect(nudges).toBe(0);
  });

  it('publishes a committed event once, with id, type and time headers', async () => {
    const bus = new FakeBus();
    const relay = relayOn(bus);
    const eventId = await commitEvent(42, 'user-42');
    expect(nudges).toBe(1);

    await relay.flush();
    expect(bus.messages).toHaveLength(1);
    const [message] = bus.messages;
    expect(message).toMatchObject({
      topic: TOPIC,
      key: 'user-42',
      headers: { 'event-id': eventId, 'event-type': TOPIC, 'occurred-at': REGISTERED_AT },
    });
    expect(decodeEvent(TOPIC, message!.value)).toEqual(registered(42));

    await relay.flush();
    expect(bus.messages).toHaveLength(1);
    expect(await db('outbox').whereNull('published_at').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('publishes in commit order, in batches', async () => {
    const bus = new FakeBus();
    for (let userId = 1; userId <= 7; userId++) await commitEvent(userId);

    await relayOn(bus, { batchSize: 3 }).flush();
    expect(bus.batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(bus.userIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('writes events of several topics in one insert, published in the order given', async () => {
    const bus = new FakeBus();
    const inserts: string[] = [];
    const record = (query: { sql: string }) => {
      if (/^insert into "outbox"/.test(query.sql)) inserts.push(query.sql);
    };
    db.on('query', record);
    try {
      await db.transaction((trx) =>
        outbox.addAll(trx, [
          { topic: TOPIC, key: '7', payload: registered(7) },
          { topic: TOPICS.userLoggedIn, key: '7', payload: { userId: 7, loggedInAt: REGISTERED_AT } },
        ]),
      );
    } finally {
      db.off('query', record);
    }
    expect(inserts).toHaveLength(1);
    expect(nudges).toBe(1);
    await relayOn(bus).flush();
    expect(bus.messages.map((m) => m.topic)).toEqual([TOPIC, TOPICS.userLoggedIn]);
    expect(decodeEvent(TOPICS.userLoggedIn, bus.messages[1]!.value)).toMatchObject({ userId: 7 });
  });

  it('keeps an event the bus did not accept and publishes it on the next try', async () => {
    const bus = new FakeBus();
    const relay = relayOn(bus);
    await commitEvent(5);

    bus.failNextPublishes = 1;
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    expect(await db('outbox').whereNull('published_at').count({ n: '*' })).toEqual([{ n: 1 }]);

    await relay.flush();
    expect(bus.userIds).toEqual([5]);
  });

  it('publishes soon after a commit when started, without waiting for the next poll', async () => {
    const bus = new FakeBus();
    const relay = relayOn(bus, { pollIntervalMs: 60_000 });
    const nudgingOutbox = new Outbox(clock, random, () => relay.nudge());
    relay.start();
    try {
      await db.transaction((trx) => nudgingOutbox.add(trx, TOPIC, '8', registered(8)));
      await vi.waitFor(() => expect(bus.userIds).toEqual([8]), { timeout: 5_000, interval: 20 });
    } finally {
      await relay.stop();
    }
  });

  it('marks what it published with its next read, one statement per drain, and the last soon after', async () => {
    const bus = new FakeBus();
    const relay = relayOn(bus, { pollIntervalMs: 60_000, markWithinMs: 50 });
    const nudgingOutbox = new Outbox(clock, random, () => relay.nudge());
    const statements: string[] = [];
    const record = (query: { sql: string }) => {
      if (/"?outbox"?/.test(query.sql) && !/^insert/.test(query.sql)) statements.push(query.sql);
    };
    db.on('query', record);
    relay.start();
    try {
      for (const userId of [21, 22, 23]) {
        await db.transaction((trx) => nudgingOutbox.add(trx, TOPIC, String(userId), registered(userId)));
        await vi.waitFor(() => expect(bus.userIds).toContain(userId), { timeout: 5_000, interval: 10 });
      }
      await vi.waitFor(
        async () =>
          expect(await db('outbox').whereNull('published_at').count({ n: '*' })).toEqual([{ n: 0 }]),
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await relay.stop();
      db.off('query', record);
    }
    expect(bus.userIds).toEqual([21, 22, 23]);
    // Every statement of the relay on the outbox reads; the marks ride along with them.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => !/select/.test(sql))).toEqual([]);
  });

  it('tries again soon after the bus refused a batch, without waiting for the next poll', async () => {
    const bus = new FakeBus();
    const relay = relayOn(bus, { pollIntervalMs: 60_000, retryMs: 50 });
    const nudgingOutbox = new Outbox(clock, random, () => relay.nudge());
    bus.failNextPublishes = 1;
    relay.start();
    try {
      await db.transaction((trx) => nudgingOutbox.add(trx, TOPIC, '9', registered(9)));
      await vi.waitFor(() => expect(bus.userIds).toEqual([9]), { timeout: 5_000, interval: 20 });
    } finally {
      await relay.stop();
    }
  });
});

describe('relay lease', () => {
  it('lets only the lease holder publish, until its lease expires', async () => {
    const [busA, busB] = [new FakeBus(), new FakeBus()];
    const relayA = relayOn(busA, { holder: 'replica-a', leaseMs: 500 });
    const relayB = relayOn(busB, { holder: 'replica-b', leaseMs: 500, db: database.connect() });

    await commitEvent(1);
    await relayA.flush();
    await commitEvent(2);
    await relayB.flush();
    expect(busA.userIds).toEqual([1]);
    expect(busB.userIds).toEqual([]);

    // The holder keeps publishing (and renewing).
    await relayA.flush();
    expect(busA.userIds).toEqual([1, 2]);

    // Replica A goes quiet (crashed): once its lease runs out, B takes over.
    await commitEvent(3);
    await vi.waitFor(
      async () => {
        await relayB.flush();
        expect(busB.userIds).toEqual([3]);
      },
      { timeout: 10_000, interval: 100 },
    );

    await commitEvent(4);
    await relayA.flush();
    expect(busA.userIds).toEqual([1, 2]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "wakes the holder when another replica commits, without waiting for the holder's poll",
    async () => {
      const listen = postgresListener(process.env.TEST_DATABASE_URL!, database.schema);
      const [busA, busB] = [new FakeBus(), new FakeBus()];
      const relayA = relayOn(busA, { holder: 'replica-a', pollIntervalMs: 60_000, listen });
      const dbB = database.connect();
      const relayB = relayOn(busB, { holder: 'replica-b', pollIntervalMs: 60_000, listen, db: dbB });
      const outboxB = new Outbox(clock, random, () => relayB.nudge());
      relayA.start();
      try {
        // A takes the lease and listens on its channel.
        await vi.waitFor(
          async () => {
            const [row] = await db('pg_stat_activity')
              .where({ application_name: database.schema })
              .andWhere('query', 'like', 'listen %')
              .count({ n: '*' });
            expect(Number(row!.n)).toBe(1);
          },
          { timeout: 5_000, interval: 20 },
        );
        relayB.start();
        await dbB.transaction((trx) => outboxB.add(trx, TOPIC, '7', registered(7)));
        await vi.waitFor(() => expect(busA.userIds).toEqual([7]), { timeout: 5_000, interval: 20 });
        expect(busB.userIds).toEqual([]);
      } finally {
        await Promise.all([relayA.stop(), relayB.stop()]);
      }
    },
  );

  it('publishes each event once when two relays drain at the same moment', async () => {
    const [busA, busB] = [new FakeBus(), new FakeBus()];
    const relayA = relayOn(busA, { holder: 'replica-a' });
    const relayB = relayOn(busB, { holder: 'replica-b', db: database.connect() });
    for (let userId = 1; userId <= 10; userId++) await commitEvent(userId);

    await Promise.all([relayA.flush(), relayB.flush()]);
    const counts = [busA.messages.length, busB.messages.length].sort();
    expect(counts).toEqual([0, 10]);
  });
});

describe('subscribeConsumers (inbox)', () => {
  interface Handled {
    userId: number;
    meta: EventMeta;
  }

  async function subscribe(group: string, fail?: () => boolean) {
    const bus = new FakeBus();
    const handled: Handled[] = [];
    await subscribeConsumers({
      bus,
      db,
      group,
      logger: silentLogger,
      consumers: [
        consumer(TOPIC, async (event, meta, trx) => {
          handled.push({ userId: event.userId, meta });
          await trx('notes').insert({ text: `${group} welcomed ${event.username}` });
          if (fail?.()) throw new Error('mail server down');
        }),
      ],
    });
    expect(bus.subscriptions).toMatchObject([{ group, topics: [TOPIC] }]);
    return { bus, handled };
  }

  const notesOf = (group: string) => db('notes').where('text', 'like', `${group} %`).select('text');

  it('hands the event and its meta to the consumer', async () => {
    const message = await publishedMessage(11);
    const { bus, handled } = await subscribe('notifications');
    await bus.deliver(message);

    const eventId = message.headers['event-id']!;
    expect(handled).toEqual([
      {
        userId: 11,
        meta: { eventId, key: '11', occurredAt: new Date(REGISTERED_AT) },
      },
    ]);
  });

  it('handles a redelivered event once', async () => {
    const message = await publishedMessage(12);
    const { bus, handled } = await subscribe('notifications');

    await bus.deliver(message);
    await bus.deliver(message);
    await Promise.all([bus.deliver(message), bus.deliver(message)]);

    expect(handled).toHaveLength(1);
    expect(await notesOf('notifications')).toHaveLength(1);
    expect(await db('inbox').select('consumer', 'event_id')).toEqual([
      { consumer: 'notifications', event_id: message.headers['event-id'] },
    ]);
  });

  it('handles the event once per consumer group', async () => {
    const message = await publishedMessage(13);
    const missions = await subscribe('missions');
    const leaderboard = await subscribe('leaderboard');

    await missions.bus.deliver(message);
    await leaderboard.bus.deliver(message);
    await leaderboard.bus.deliver(message);

    expect(missions.handled).toHaveLength(1);
    expect(leaderboard.handled).toHaveLength(1);
    expect(await count('inbox')).toBe(2);
  });

  it('rolls back the consumer writes and the inbox row when the consumer throws, so redelivery retries', async () => {
    const message = await publishedMessage(14);
    let failures = 1;
    const { bus, handled } = await subscribe('notifications', () => failures-- > 0);

    await expect(bus.deliver(message)).rejects.toThrow('mail server down');
    expect(await notesOf('notifications')).toHaveLength(0);
    expect(await count('inbox')).toBe(0);

    await bus.deliver(message);
    expect(handled).toHaveLength(2);
    expect(await notesOf('notifications')).toHaveLength(1);
    expect(await count('inbox')).toBe(1);
  });

  it('handles a batch in one transaction: each new event once, in order, and skips those already in the inbox', async () => {
    const [a, b, c] = [await publishedMessage(21), await publishedMessage(22), await publishedMessage(23)];
    const { bus, handled } = await subscribe('leaderboard');
    await bus.deliver(b);

    // b was handled before, and a comes twice in the batch.
    await bus.subscriptions[0]!.batchHandler!([a, b, a, c]);

    expect(handled.map((h) => h.userId)).toEqual([22, 21, 23]);
    expect(handled.map((h) => h.meta.eventId)).toEqual([b, a, c].map((m) => m.headers['event-id']));
    expect(await notesOf('leaderboard')).toHaveLength(3);
    expect(await count('inbox')).toBe(3);
  });

  it('rolls a whole batch back when one of its events fails', async () => {
    const [a, b] = [await publishedMessage(24), await publishedMessage(25)];
    let calls = 0;
    const { bus } = await subscribe('missions', () => ++calls === 2);

    await expect(bus.subscriptions[0]!.batchHandler!([a, b])).rejects.toThrow('mail server down');
    expect(await notesOf('missions')).toHaveLength(0);
    expect(await count('inbox')).toBe(0);
  });

  it('spends no transaction or inbox row on an event its consumer finds irrelevant', async () => {
    const [even, odd] = [await publishedMessage(26), await publishedMessage(27)];
    const bus = new FakeBus();
    const handled: number[] = [];
    await subscribeConsumers({
      bus,
      db,
      group: 'admin',
      logger: silentLogger,
      consumers: [
        consumer(TOPIC, async (event) => void handled.push(event.userId), {
          relevant: (event) => event.userId % 2 === 0,
        }),
      ],
    });
    await bus.deliver(odd);
    await bus.subscriptions[0]!.batchHandler!([odd, even]);

    expect(handled).toEqual([26]);
    expect(await db('inbox').pluck('event_id')).toEqual([even.headers['event-id']]);
  });

  it('runs an untracked event in its place in the batch, with no inbox row, and none at all for a batch of them', async () => {
    const [a, b, c] = [await publishedMessage(41), await publishedMessage(42), await publishedMessage(43)];
    const bus = new FakeBus();
    const seen: string[] = [];
    const transactions = vi.spyOn(db, 'transaction');
    await subscribeConsumers({
      bus,
      db,
      group: 'live',
      logger: silentLogger,
      consumers: [
        consumer(TOPIC, async (event) => void seen.push(`stored ${event.userId}`), {
          // Odd users only change a page: no inbox row.
          untracked: (event) =>
            event.userId % 2 === 1 ? () => void seen.push(`pushed ${event.userId}`) : undefined,
        }),
      ],
    });

    await bus.subscriptions[0]!.batchHandler!([a, c]);
    expect(transactions).not.toHaveBeenCalled();
    await bus.subscriptions[0]!.batchHandler!([a, b, c]);
    // Again, as a redelivered batch would be: the untracked ones run again, the stored one does not.
    await bus.subscriptions[0]!.batchHandler!([a, b, c]);
    transactions.mockRestore();

    expect(seen).toEqual([
      'pushed 41',
      'pushed 43',
      'pushed 41',
      'stored 42',
      'pushed 43',
      'pushed 41',
      'pushed 43',
    ]);
    expect(await db('inbox').pluck('event_id')).toEqual([b.headers['event-id']]);
  });

  it('hands the fresh events of a batch to handleMany together, in order', async () => {
    const [a, b, c] = [await publishedMessage(31), await publishedMessage(32), await publishedMessage(33)];
    const bus = new FakeBus();
    const calls: { userIds: number[]; eventIds: string[] }[] = [];
    await subscribeConsumers({
      bus,
      db,
      group: 'projection',
      logger: silentLogger,
      consumers: [
        batchConsumer(TOPIC, async (events, trx) => {
          calls.push({
            userIds: events.map((e) => e.event.userId),
            eventIds: events.map((e) => e.meta.eventId),
          });
          await trx('notes').insert(events.map((e) => ({ text: `projection saw ${e.event.userId}` })));
        }),
      ],
    });
    await bus.deliver(b);
    // b was handled before, and a comes twice in the batch.
    await bus.subscriptions[0]!.batchHandler!([a, b, a, c]);

    const first = a.headers['event-id'];
    expect(calls).toEqual([
      { userIds: [32], eventIds: [b.headers['event-id']] },
      { userIds: [31, 33], eventIds: [first, c.headers['event-id']] },
    ]);
    expect(await notesOf('projection')).toHaveLength(3);
    expect(await count('inbox')).toBe(3);
  });

  it('ignores other topics and drops events without an id', async () => {
    const message = await publishedMessage(15);
    const { bus, handled } = await subscribe('notifications');

    await bus.deliver({ ...message, topic: TOPICS.userBanned });
    const { 'event-id': _id, ...headersWithoutId } = message.headers;
    await bus.deliver({ ...message, headers: headersWithoutId });

    expect(handled).toEqual([]);
    expect(await count('inbox')).toBe(0);
  });
});

describe('outbox to consumer through the in-process bus', () => {
  it("keeps each key's events in order and handles each once", async () => {
    const bus = new InProcessBus(silentLogger);
    const seen = new Map<string, number[]>();
    const delays = seededRandom(5);
    await subscribeConsumers({
      bus,
      db,
      group: 'leaderboard',
      logger: silentLogger,
      consumers: [
        consumer(TOPIC, async (event, meta) => {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(delays.next() * 3)));
          seen.set(meta.key, [...(seen.get(meta.key) ?? []), event.userId]);
        }),
      ],
    });

    const keys = ['user-a', 'user-b', 'user-c', 'user-d', 'user-e'];
    for (let n = 0; n < 50; n++) await commitEvent(n, keys[n % keys.length]);
    // With the in-process bus, publishing resolves once every consumer has handled the batch.
    await relayOn(bus).flush();

    for (const [i, key] of keys.entries()) {
      expect(seen.get(key)).toEqual(Array.from({ length: 10 }, (_, j) => j * keys.length + i));
    }
    expect(await count('inbox')).toBe(50);

    // A relay that re-publishes the same rows (a crash before marking them) changes nothing.
    await db('outbox').update({ published_at: null });
    await relayOn(bus).flush();
    expect([...seen.values()].flat()).toHaveLength(50);
    await bus.close();
  });
});
