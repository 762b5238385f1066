import type { Knex } from 'knex';
import { context, propagation } from '@opentelemetry/api';
import { encodeEvent, type EventInput, type Topic } from '@touchline/protos';
import type { Clock, Random } from '../clock';
import { EVENT_HEADERS } from './bus';

/** One event for the outbox: its topic, its partition key and its payload. */
export type OutboxEvent = { [T in Topic]: { topic: T; key: string; payload: EventInput<T> } }[Topic];

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
    const [eventId] = await this.addMany(trx, topic, [{ key, payload }]);
    return eventId!;
  }

  /** Several events of one topic in one insert (a price tick changes thousands of users at once). */
  addMany<T extends Topic>(
    trx: Knex.Transaction,
    topic: T,
    events: { key: string; payload: EventInput<T> }[],
  ): Promise<string[]> {
    return this.addAll(
      trx,
      events.map(({ key, payload }) => ({ topic, key, payload }) as OutboxEvent),
    );
  }

  /** Events of any topics in one insert, in the order given (one change that several topics describe). */
  async addAll(trx: Knex.Transaction, events: OutboxEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    const rows = this.rowsOf(events);
    for (let i = 0; i < rows.length; i += 500) await trx('outbox').insert(rows.slice(i, i + 500));
    void trx.executionPromise.then(this.onCommitted, () => {});
    return rows.map((r) => r.event_id);
  }

  /**
   * The outbox rows of events, for a change that writes them in its own single statement (an insert
   * into `outbox` in a data-modifying CTE), so that it needs no transaction: the statement commits the
   * change and its events together. Call `written()` once the statement wrote some, so the relay
   * publishes them without waiting for its next poll.
   */
  rowsOf(events: OutboxEvent[]): OutboxRow[] {
    const occurredAt = this.clock.now().toISOString();
    return events.map(({ topic, key, payload }) => {
      const eventId = this.random.uuid();
      const headers: Record<string, string> = {
        [EVENT_HEADERS.id]: eventId,
        [EVENT_HEADERS.type]: topic,
        [EVENT_HEADERS.occurredAt]: occurredAt,
      };
      propagation.inject(context.active(), headers);
      return { event_id: eventId, topic, key, payload: encodeEvent(topic, payload as never), headers };
    });
  }

  /** Rows from rowsOf were committed by the caller's statement. */
  written(): void {
    this.onCommitted();
  }
}

/** A row of the `outbox` table as written (its id, creation and publication times are the table's). */
export interface OutboxRow {
  event_id: string;
  topic: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}
