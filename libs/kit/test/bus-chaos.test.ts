import { describe, it, expect } from 'vitest';
import type { BusMessage, EventBus, Subscription } from '../src/events/bus';
import { withBusChaos } from '../src/events/bus-chaos';

/** A bus that records what it was asked to publish and hands out the subscription it got. */
function recordingBus() {
  const published: BusMessage[][] = [];
  let subscription: Subscription | undefined;
  const bus: EventBus = {
    publish: async (messages) => void published.push(messages),
    subscribe: async (s) => void (subscription = s),
    close: async () => {},
  };
  return { bus, published, subscription: () => subscription! };
}

const message = (id: string): BusMessage => ({
  topic: 't',
  key: `key-${id}`,
  value: Buffer.from(id),
  headers: { 'event-id': id },
});
const ids = (batch: BusMessage[]) => batch.map((m) => m.headers['event-id']);
const quiet = { warn() {} };

describe('bus chaos (npm run chaos only)', () => {
  it('sends a duplicated event again at the end of its batch, after the events published after it', async () => {
    const { bus, published } = recordingBus();
    // The batch draws 0.9 (not reordered), its first event 0 (duplicated), the others 0.9 (not).
    const draws = [0.9, 0, 0.9, 0.9];
    const chaotic = withBusChaos(bus, {
      duplicateShare: 0.5,
      reorderShare: 0,
      logger: quiet,
      random: () => draws.shift() ?? 0.9,
    });
    await chaotic.publish(['a', 'b', 'c'].map(message));
    expect(ids(published[0]!)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('shuffles a reordered batch without losing or adding an event', async () => {
    const { bus, published } = recordingBus();
    let n = 0;
    // First draw: reorder (0 < 1); then the shuffle's draws; then no duplicates (duplicateShare 0).
    const chaotic = withBusChaos(bus, {
      duplicateShare: 0,
      reorderShare: 1,
      logger: quiet,
      random: () => [0, 0, 0, 0][n++] ?? 0,
    });
    await chaotic.publish(['a', 'b', 'c', 'd'].map(message));
    expect(ids(published[0]!)).not.toEqual(['a', 'b', 'c', 'd']);
    expect([...ids(published[0]!)].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('hands a duplicated delivery to the consumer twice at once', async () => {
    const { bus, subscription } = recordingBus();
    const chaotic = withBusChaos(bus, { duplicateShare: 1, reorderShare: 0, logger: quiet, random: () => 0 });
    const handled: string[] = [];
    let inFlight = 0;
    let most = 0;
    await chaotic.subscribe({
      group: 'g',
      topics: ['t'],
      handler: async (m) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        handled.push(m.headers['event-id']!);
      },
    });
    await subscription().handler(message('x'));
    expect(handled).toEqual(['x', 'x']);
    expect(most).toBe(2);
  });

  it('changes nothing with both shares at 0', async () => {
    const { bus, published } = recordingBus();
    const chaotic = withBusChaos(bus, { duplicateShare: 0, reorderShare: 0, logger: quiet });
    await chaotic.publish(['a', 'b', 'c'].map(message));
    expect(ids(published[0]!)).toEqual(['a', 'b', 'c']);
  });
});
