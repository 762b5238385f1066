import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { context, propagation } from '@opentelemetry/api';
import { decodeEvent, type EventOutput, type Topic } from '@touchline/protos';
import { runWithContext } from '../context';
import type { BusMessage, EventBus } from './bus';
import { EVENT_HEADERS } from './bus';

export interface EventMeta {
  eventId: string;
  key: string;
  occurredAt: Date;
}

/** A service's reaction to one topic; runs inside the transaction that records the event as handled. */
export interface EventConsumer<T extends Topic = Topic> {
  topic: T;
  handle(event: EventOutput<T>, meta: EventMeta, trx: Knex.Transaction): Promise<void>;
}

export function consumer<T extends Topic>(
  topic: T,
  handle: (event: EventOutput<T>, meta: EventMeta, trx: Knex.Transaction) => Promise<void>,
): EventConsumer {
  return { topic, handle } as unknown as EventConsumer;
}

/**
 * Subscribes a service's consumers as one consumer group. Each event is handled at most once per
 * group: its id goes into the inbox in the same transaction as the handler's writes, so a
 * redelivered event finds it there and is skipped.
 */
export async function subscribeConsumers(options: {
  bus: EventBus;
  db: Knex;
  group: string;
  consumers: EventConsumer[];
  logger: Logger;
}): Promise<void> {
  const { bus, db, group, consumers, logger } = options;
  if (consumers.length === 0) return;
  const byTopic = new Map(consumers.map((c) => [c.topic, c]));
  await bus.subscribe({
    group,
    topics: [...byTopic.keys()],
    handler: async (message: BusMessage) => {
      const target = byTopic.get(message.topic as Topic);
      if (!target) return;
      const eventId = message.headers[EVENT_HEADERS.id];
      if (!eventId) {
        logger.error({ topic: message.topic, key: message.key }, 'event without id dropped');
        return;
      }
      const meta: EventMeta = {
        eventId,
        key: message.key,
        occurredAt: new Date(message.headers[EVENT_HEADERS.occurredAt] ?? Date.now()),
      };
      const event = decodeEvent(target.topic, message.value);
      const parent = propagation.extract(context.active(), message.headers);
      await context.with(parent, () =>
        runWithContext({ requestId: `event:${eventId}` }, () =>
          db.transaction(async (trx) => {
            const inserted = await trx('inbox')
              .insert({ consumer: group, event_id: eventId })
              .onConflict(['consumer', 'event_id'])
              .ignore()
              .returning('event_id');
            if (inserted.length === 0) {
              logger.debug({ eventId, topic: message.topic }, 'duplicate event skipped');
              return;
            }
            await target.handle(event, meta, trx);
          }),
        ),
      );
    },
  });
}
