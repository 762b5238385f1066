import type { Logger } from 'pino';
import { decodeEvent, type EventOutput, type Topic } from '@touchline/protos';
import type { EventBus } from './bus';

/**
 * A replica's reaction to an event for what it keeps in memory (a cache of rows another replica
 * changed): unlike a consumer (inbox.ts), which one replica of the service handles once, in a
 * transaction, every replica hears every event, from the moment it starts listening. No inbox, no
 * transaction: hearing twice must be harmless, and a replica that starts loads fresh anyway.
 */
export interface ReplicaListener<T extends Topic = Topic> {
  topic: T;
  hear(event: EventOutput<T>): void;
}

export function replicaListener<T extends Topic>(
  topic: T,
  hear: (event: EventOutput<T>) => void,
): ReplicaListener {
  return { topic, hear } as unknown as ReplicaListener;
}

/** The consumer group of one replica's listeners: its own, so that Kafka hands it every event. */
export function listenerGroup(service: string, instanceId: string): string {
  return `${service}.replica.${instanceId.replace(/[^\w.-]/g, '_')}`;
}

/**
 * Subscribes a replica's listeners as a group of its own, from the newest events on (what happened
 * before the replica started is in the rows it loads). On Kafka the newest offset is settled at the
 * group's first fetch, a second or two after the join: an event of that moment may go unheard, so
 * what a listener keeps fresh must also have a bound of its own (the players' TTL). A listener that throws is logged and the
 * event is not asked again: a cache hint is not worth stopping the partition for.
 */
export async function subscribeListeners(options: {
  bus: EventBus;
  group: string;
  listeners: ReplicaListener[];
  logger: Logger;
}): Promise<void> {
  const { bus, group, listeners, logger } = options;
  if (listeners.length === 0) return;
  const byTopic = new Map<string, ReplicaListener[]>();
  for (const l of listeners) byTopic.set(l.topic, [...(byTopic.get(l.topic) ?? []), l]);
  await bus.subscribe({
    group,
    topics: [...byTopic.keys()],
    fromBeginning: false,
    handler: async (message) => {
      for (const l of byTopic.get(message.topic) ?? []) {
        try {
          l.hear(decodeEvent(l.topic, message.value));
        } catch (error) {
          logger.warn({ err: error, group, topic: message.topic }, 'event listener failed');
        }
      }
    },
  });
}
