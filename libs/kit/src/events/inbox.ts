import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { LRUCache } from 'lru-cache';
import { inboxEventAge, inboxEvents, inboxFailures, inboxRetries } from '../metrics/catalog';
import { decodeEvent, type EventOutput, type Topic } from '@touchline/protos';
import type { BusMessage, EventBus } from './bus';
import { EVENT_HEADERS } from './bus';

const tracer = trace.getTracer('@touchline/kit/inbox');

export interface EventMeta {
  eventId: string;
  key: string;
  occurredAt: Date;
}

/** A service's reaction to one topic; runs inside the transaction that records the event as handled. */
export interface EventConsumer<T extends Topic = Topic> {
  topic: T;
  handle(event: EventOutput<T>, meta: EventMeta, trx: Knex.Transaction): Promise<void>;
  /**
   * False when the event asks nothing of this service: it is then not handled, and no transaction
   * or inbox row is spent on it. Must depend on the event and its meta alone, so a redelivery gets
   * the same answer.
   */
  relevant?(event: EventOutput<T>, meta: EventMeta): boolean;
  /**
   * When set, the fresh events of this topic in one delivered batch are handed over together, in
   * their order, instead of one `handle` call each (same transaction). Only for a projection whose
   * outcome does not depend on how its events are grouped: a batch is one fetch, and after a
   * failure its events come again one at a time.
   */
  handleMany?(events: { event: EventOutput<T>; meta: EventMeta }[], trx: Knex.Transaction): Promise<void>;
  /**
   * For an event whose effects need no exactly-once (a live change that screens take as a new value
   * or as a hint to ask again): the effect to run instead of `handle`, at least once, with no inbox
   * row and no transaction of its own (none at all for a batch of such events). It runs in the
   * batch's order among the other events' handlers, so what it queues keeps their order, and again
   * when its batch is delivered again. Undefined leaves the event to `handle`. The choice must
   * depend on the event and its meta alone.
   */
  untracked?(event: EventOutput<T>, meta: EventMeta): (() => void | Promise<void>) | undefined;
}

export function consumer<T extends Topic>(
  topic: T,
  handle: (event: EventOutput<T>, meta: EventMeta, trx: Knex.Transaction) => Promise<void>,
  options: Pick<EventConsumer<T>, 'relevant' | 'untracked'> = {},
): EventConsumer {
  return { topic, handle, ...options } as unknown as EventConsumer;
}

/**
 * A consumer that takes a topic's events of a batch together (see `handleMany`); a single event is a
 * batch of one.
 */
export function batchConsumer<T extends Topic>(
  topic: T,
  handleMany: NonNullable<EventConsumer<T>['handleMany']>,
  options: Pick<EventConsumer<T>, 'relevant'> = {},
): EventConsumer {
  const handle = (event: EventOutput<T>, meta: EventMeta, trx: Knex.Transaction) =>
    handleMany([{ event, meta }], trx);
  return { topic, handle, handleMany, ...options } as unknown as EventConsumer;
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

  /** What a message asks of this group, or undefined when there is nothing to do. */
  const delivery = (message: BusMessage): Delivery | undefined => {
    const target = byTopic.get(message.topic as Topic);
    if (!target) return undefined;
    const eventId = message.headers[EVENT_HEADERS.id];
    if (!eventId) {
      logger.error({ topic: message.topic, key: message.key }, 'event without id dropped');
      return undefined;
    }
    const meta: EventMeta = {
      eventId,
      key: message.key,
      occurredAt: new Date(message.headers[EVENT_HEADERS.occurredAt] ?? Date.now()),
    };
    const event = decodeEvent(target.topic, message.value);
    if (target.relevant && !target.relevant(event, meta)) return undefined;
    return { target, meta, message, event, untracked: target.untracked?.(event, meta) };
  };

  /**
   * Runs the handler in a consumer span, child of the trace context of the event it handles (of the
   * first, for several handed over together): one trace from the click to every consumer.
   */
  const handle = (deliveries: Delivery[], trx: Knex.Transaction) => {
    const { target, meta, message, event } = deliveries[0]!;
    const parent = propagation.extract(context.active(), message.headers);
    return tracer.startActiveSpan(
      `${group} handle ${target.topic}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': target.topic,
          'messaging.consumer.group.name': group,
          'messaging.message.id': meta.eventId,
          'messaging.batch.message_count': deliveries.length,
        },
      },
      parent,
      async (span) => {
        try {
          await (target.handleMany
            ? target.handleMany(
                deliveries.map((d) => ({ event: d.event, meta: d.meta })),
                trx,
              )
            : target.handle(event, meta, trx));
          // In the consumer span: with tracing on, the line carries the trace id of the request behind the event.
          logger.debug(
            { topic: target.topic, eventId: meta.eventId, events: deliveries.length },
            'event handled',
          );
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };

  // Events whose handling failed, to count their redeliveries (bounded: a lost entry only loses a count).
  const failedBefore = new LRUCache<string, true>({ max: 10_000 });
  const count = (deliveries: Delivery[], outcome: 'handled' | 'duplicate' | 'untracked') => {
    const now = Date.now();
    for (const { meta, message } of deliveries) {
      const labels = { group, topic: message.topic };
      inboxEvents.inc({ ...labels, outcome });
      if (outcome !== 'duplicate')
        inboxEventAge.observe(labels, Math.max(0, now - meta.occurredAt.getTime()) / 1000);
    }
  };

  /**
   * Records the events in the inbox and handles those recorded now, all in one transaction; the
   * untracked ones in their place, with no transaction at all when the batch has only those.
   */
  const handleAll = async (deliveries: Delivery[]) => {
    if (deliveries.length === 0) return;
    for (const { meta, message } of deliveries)
      if (failedBefore.delete(meta.eventId)) inboxRetries.inc({ group, topic: message.topic });
    try {
      if (deliveries.every((d) => d.untracked)) {
        for (const { untracked } of deliveries) await untracked!();
        count(deliveries, 'untracked');
        return;
      }
      const { handled, duplicates, untracked } = await handleInTransaction(deliveries);
      count(handled, 'handled');
      count(duplicates, 'duplicate');
      count(untracked, 'untracked');
    } catch (error) {
      for (const { meta, message } of deliveries) {
        inboxFailures.inc({ group, topic: message.topic });
        failedBefore.set(meta.eventId, true);
      }
      throw error;
    }
  };

  const handleInTransaction = (deliveries: Delivery[]) =>
    db.transaction(async (trx) => {
      const tracked = deliveries.filter((d) => !d.untracked);
      const fresh = new Set(
        (
          (await trx('inbox')
            .insert(tracked.map(({ meta }) => ({ consumer: group, event_id: meta.eventId })))
            .onConflict(['consumer', 'event_id'])
            .ignore()
            .returning('event_id')) as { event_id: string }[]
        ).map((row) => row.event_id),
      );
      const toHandle: Delivery[] = [];
      const duplicates: Delivery[] = [];
      for (const delivery of tracked) {
        // delete: an event delivered twice in one batch is handled once.
        if (fresh.delete(delivery.meta.eventId)) toHandle.push(delivery);
        else {
          duplicates.push(delivery);
          logger.debug(
            { eventId: delivery.meta.eventId, topic: delivery.message.topic },
            'duplicate event skipped',
          );
        }
      }
      const handedOver = new Set<EventConsumer>();
      const handling = new Set(toHandle);
      for (const delivery of deliveries) {
        const { target } = delivery;
        if (delivery.untracked) await delivery.untracked();
        else if (!handling.has(delivery)) continue;
        else if (!target.handleMany) await handle([delivery], trx);
        else if (!handedOver.has(target)) {
          // All of this topic's events of the batch, at the place of the first.
          handedOver.add(target);
          await handle(
            toHandle.filter((d) => d.target === target),
            trx,
          );
        }
      }
      return { handled: toHandle, duplicates, untracked: deliveries.filter((d) => d.untracked) };
    });

  await bus.subscribe({
    group,
    topics: [...byTopic.keys()],
    handler: async (message) => {
      const one = delivery(message);
      if (one) await handleAll([one]);
    },
    batchHandler: async (messages) =>
      handleAll(messages.map(delivery).filter((d): d is Delivery => d !== undefined)),
  });
}

interface Delivery {
  target: EventConsumer;
  meta: EventMeta;
  message: BusMessage;
  event: EventOutput<Topic>;
  /** The effect of an event that needs no inbox row (EventConsumer.untracked). */
  untracked: (() => void | Promise<void>) | undefined;
}
