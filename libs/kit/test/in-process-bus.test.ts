import { describe, it, expect } from 'vitest';
import { seededRandom } from '../src/clock';
import type { BusMessage } from '../src/events/bus';
import { InProcessBus } from '../src/events/in-process-bus';
import { silentLogger } from '../src/testing';

function message(topic: string, key: string, value: string): BusMessage {
  return { topic, key, value: Buffer.from(value), headers: { 'event-id': `${key}-${value}` } };
}

const text = (m: BusMessage) => m.value.toString();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('InProcessBus', () => {
  it('delivers each message to every subscribed group, and only for its topics', async () => {
    const bus = new InProcessBus(silentLogger);
    const seen: string[] = [];
    await bus.subscribe({
      group: 'notifications',
      topics: ['trading.offer.created', 'market.sale.completed'],
      handler: async (m) => void seen.push(`notifications:${text(m)}`),
    });
    await bus.subscribe({
      group: 'missions',
      topics: ['market.sale.completed'],
      handler: async (m) => void seen.push(`missions:${text(m)}`),
    });

    await bus.publish([
      message('market.sale.completed', 'k', 'sale'),
      message('trading.offer.created', 'k', 'offer'),
    ]);
    await bus.publish([message('identity.user.banned', 'k', 'ban')]);

    // publish() resolves only once every group has handled every message.
    expect(seen.sort()).toEqual(['missions:sale', 'notifications:offer', 'notifications:sale']);
    await bus.close();
  });

  it('keeps per-key order while handlers take random time', async () => {
    const bus = new InProcessBus(silentLogger);
    const random = seededRandom(11);
    const seen = new Map<string, number[]>();
    let concurrent = 0;
    let maxConcurrent = 0;
    await bus.subscribe({
      group: 'leaderboard',
      topics: ['cards.card.transferred'],
      handler: async (m) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await sleep(Math.floor(random.next() * 4));
        seen.set(m.key, [...(seen.get(m.key) ?? []), Number(text(m))]);
        concurrent--;
      },
    });

    const keys = ['card-1', 'card-2', 'card-3', 'card-4'];
    const publishes: Promise<void>[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const messages = Array.from({ length: 8 }, (_, i) => {
        const n = batch * 8 + i;
        return message('cards.card.transferred', keys[n % keys.length]!, String(n));
      });
      publishes.push(bus.publish(messages));
    }
    await Promise.all(publishes);

    for (const [i, key] of keys.entries()) {
      const expected = Array.from({ length: 80 }, (_, n) => n).filter((n) => n % keys.length === i);
      expect(seen.get(key)).toEqual(expected);
    }
    // Different keys are not serialised behind each other.
    expect(maxConcurrent).toBeGreaterThan(1);
    await bus.close();
  });

  it('retries a failing handler and holds back later messages of the key until it succeeds', async () => {
    const bus = new InProcessBus(silentLogger);
    const attempts: string[] = [];
    let failuresLeft = 2;
    await bus.subscribe({
      group: 'missions',
      topics: ['missions.mission.completed'],
      handler: async (m) => {
        attempts.push(text(m));
        if (text(m) === 'first' && failuresLeft-- > 0) throw new Error('database is restarting');
      },
    });

    await bus.publish([
      message('missions.mission.completed', 'user-1', 'first'),
      message('missions.mission.completed', 'user-1', 'second'),
    ]);

    expect(attempts).toEqual(['first', 'first', 'first', 'second']);
    await bus.close();
  });

  it('rejects publish once the retries are exhausted, and the key keeps flowing afterwards', async () => {
    const bus = new InProcessBus(silentLogger);
    const attempts: string[] = [];
    await bus.subscribe({
      group: 'wallet-payments',
      topics: ['cards.pack.opened'],
      handler: async (m) => {
        attempts.push(text(m));
        if (text(m) === 'poison') throw new Error('cannot handle this one');
      },
    });

    await expect(bus.publish([message('cards.pack.opened', 'user-7', 'poison')])).rejects.toThrow(
      'cannot handle this one',
    );
    expect(attempts).toEqual(['poison', 'poison', 'poison', 'poison', 'poison']);

    await bus.publish([message('cards.pack.opened', 'user-7', 'next')]);
    expect(attempts.at(-1)).toBe('next');
    await bus.close();
  });

  it('refuses a second subscription of the same group', async () => {
    const bus = new InProcessBus(silentLogger);
    const seen: string[] = [];
    await bus.subscribe({ group: 'trading', topics: ['a.b'], handler: async () => void seen.push('first') });
    await expect(
      bus.subscribe({ group: 'trading', topics: ['a.b'], handler: async () => void seen.push('second') }),
    ).rejects.toThrow(/trading/);

    await bus.publish([message('a.b', 'k', 'x')]);
    expect(seen).toEqual(['first']);
    await bus.close();
  });

  it('close() waits for the handler in flight, then refuses to publish', async () => {
    const bus = new InProcessBus(silentLogger);
    const started = deferred();
    const release = deferred();
    const events: string[] = [];
    await bus.subscribe({
      group: 'notifications',
      topics: ['wallet.payment.succeeded'],
      handler: async () => {
        started.resolve();
        await release.promise;
        events.push('handled');
      },
    });

    const published = bus.publish([message('wallet.payment.succeeded', 'user-1', 'p')]);
    await started.promise;
    let closed = false;
    const closing = bus.close().then(() => {
      closed = true;
      events.push('closed');
    });
    await sleep(20);
    expect(closed).toBe(false);

    release.resolve();
    await closing;
    await published;
    expect(events).toEqual(['handled', 'closed']);
    await expect(bus.publish([message('wallet.payment.succeeded', 'user-1', 'q')])).rejects.toThrow(/closed/);
  });
});
