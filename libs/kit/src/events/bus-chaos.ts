import type { BusMessage, EventBus } from './bus';

export interface BusChaosOptions {
  /** Share of published events sent a second time, at the end of their batch (so after later ones). */
  duplicateShare: number;
  /** Share of publish batches (of two or more events) sent in a shuffled order. */
  reorderShare: number;
  logger: { warn(obj: object, msg?: string): void };
  random?: () => number;
}

/**
 * Fault injection for chaos runs (`npm run chaos`), off unless BUS_CHAOS_* is set: the bus delivers
 * a share of events twice (once late, after events published after it; once more to the consumer at
 * the same moment) and shuffles some batches, as a broker under rebalances and producer retries can.
 * Every consumer must stay exact under it: the inbox takes each event once, and handlers may not
 * depend on the order of events of different aggregates.
 */
export function withBusChaos(bus: EventBus, options: BusChaosOptions): EventBus {
  const random = options.random ?? Math.random;
  const { logger } = options;
  return {
    async publish(messages) {
      let batch: BusMessage[] = [...messages];
      if (batch.length > 1 && random() < options.reorderShare) {
        batch = shuffle(batch, random);
        logger.warn({ chaos: 'reorder', events: batch.length }, 'bus chaos: delivered a batch out of order');
      }
      for (const message of messages)
        if (random() < options.duplicateShare) {
          batch.push(message);
          logger.warn(
            { chaos: 'duplicate', topic: message.topic, eventId: message.headers['event-id'] },
            'bus chaos: delivered an event twice',
          );
        }
      await bus.publish(batch);
    },
    subscribe(subscription) {
      return bus.subscribe({
        ...subscription,
        handler: async (message) => {
          if (random() >= options.duplicateShare) return subscription.handler(message);
          logger.warn(
            { chaos: 'duplicate', group: subscription.group, eventId: message.headers['event-id'] },
            'bus chaos: delivered an event twice',
          );
          // Both at once: the two deliveries race for the inbox row.
          await Promise.all([subscription.handler(message), subscription.handler(message)]);
        },
        batchHandler: subscription.batchHandler
          ? async (messages) => {
              const twice = messages.filter(() => random() < options.duplicateShare);
              if (twice.length > 0)
                logger.warn(
                  { chaos: 'duplicate', group: subscription.group, events: twice.length },
                  'bus chaos: delivered events of a batch twice',
                );
              // The batch and the second deliveries at once: they race for the inbox rows.
              await Promise.all([subscription.batchHandler!(messages), ...twice.map(subscription.handler)]);
            }
          : undefined,
      });
    },
    close: () => bus.close(),
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
