import type { Knex } from 'knex';
import { context, propagation } from '@opentelemetry/api';
import { encodeEvent, type EventInput, type Topic } from '@touchline/protos';
import type { Clock, Random } from '../clock';
import { EVENT_HEADERS } from './bus';

/**
 * Writes events in the same transaction as the change they describe; the relay publishes them
 * after commit. So an event exists if and only if its change was committed.
 */
export class Outbox {
  constructor(
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly onCommitted: () => void = () => {},
  ) {}

  async add<T extends Topic>(
    trx: Knex.Transaction,
    topic: T,
    key: string,
    payload: EventInput<T>,
  ): Promise<string> {
    const eventId = this.random.uuid();
    const headers: Record<string, string> = {
      [EVENT_HEADERS.id]: eventId,
      [EVENT_HEADERS.type]: topic,
      [EVENT_HEADERS.occurredAt]: this.clock.now().toISOString(),
    };
    propagation.inject(context.active(), headers);
    await trx('outbox').insert({
      event_id: eventId,
      topic,
      key,
      payload: encodeEvent(topic, payload),
      headers,
    });
    void trx.executionPromise.then(this.onCommitted, () => {});
    return eventId;
  }
}
