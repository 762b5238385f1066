/**
 * The event bus every service publishes to (through its outbox relay) and consumes from.
 * Two implementations: in-process (embedded mode) and Kafka (when KAFKA_BROKERS is set).
 *
 * Delivery is at-least-once with per-key order: messages with the same key reach a consumer group
 * in the order they were published. Consumers must be idempotent (see inbox.ts).
 */
export interface BusMessage {
  topic: string;
  /** Partitioning key: ordering is guaranteed per key. */
  key: string;
  /** The event payload, encoded with its events.proto message. */
  value: Buffer;
  /** event-id, event-type, occurred-at and W3C trace context (traceparent, tracestate). */
  headers: Record<string, string>;
}

export type BusHandler = (message: BusMessage) => Promise<void>;

export interface Subscription {
  /** One consumer group per consuming service, e.g. "cards-market". */
  group: string;
  topics: string[];
  /**
   * Where a group seen for the first time starts: at the oldest events (default: a service's
   * consumers must not miss what was written before it first ran) or, false, at the newest (a
   * replica's in-memory listeners, events/listeners.ts).
   */
  fromBeginning?: boolean;
  /** Throwing makes the bus redeliver the message later (with backoff); later messages of the same key wait. */
  handler: BusHandler;
  /**
   * Optional: consecutive messages of one partition at once, in order, handled all or none. A bus may
   * use it to spread one transaction over many messages; when it throws, the bus hands the same
   * messages to `handler` one at a time.
   */
  batchHandler?: (messages: BusMessage[]) => Promise<void>;
}

export interface EventBus {
  /** Resolves once the bus has accepted every message durably; rejects if any was not accepted. */
  publish(messages: BusMessage[]): Promise<void>;
  /** Starts consuming; resolves when the subscription is live. */
  subscribe(subscription: Subscription): Promise<void>;
  /** Stops consumers (finishing the handler in flight) and the producer. */
  close(): Promise<void>;
}

/** Header names carried by every event. */
export const EVENT_HEADERS = {
  id: 'event-id',
  type: 'event-type',
  occurredAt: 'occurred-at',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
} as const;
