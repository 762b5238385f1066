import { randomUUID } from 'node:crypto';
import { encodeEvent, type EventInput, type Topic } from '@touchline/protos';
import { EVENT_HEADERS, type BusMessage } from '../events/bus';

/** An event as a service's outbox relay puts it on the bus: encoded, with its id, type and time. */
export function eventMessage<T extends Topic>(
  topic: T,
  key: string,
  payload: EventInput<T>,
  options: { eventId?: string; occurredAt?: Date } = {},
): BusMessage {
  return {
    topic,
    key,
    value: encodeEvent(topic, payload),
    headers: {
      [EVENT_HEADERS.id]: options.eventId ?? randomUUID(),
      [EVENT_HEADERS.type]: topic,
      [EVENT_HEADERS.occurredAt]: (options.occurredAt ?? new Date()).toISOString(),
    },
  };
}
