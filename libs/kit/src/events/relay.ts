import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { outboxPublished, outboxPublishFailures } from '../metrics/catalog';
import type { BusMessage, EventBus } from './bus';

const tracer = trace.getTracer('@touchline/kit/relay');

interface OutboxRow {
  id: number;
  topic: string;
  key: string;
  payload: Uint8Array;
  headers: Record<string, string>;
}

export interface RelayOptions {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  /** Lease name: one active relay per service, so events leave in commit order. */
  name: string;
  holder: string;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /**
   * How long a nudge waits before draining, so that the commits of that moment leave in one batch
   * (one query and one publish instead of one each). Default 5 ms.
   */
  lingerMs?: number;
}

/**
 * Publishes committed outbox rows in id order. Only the replica holding the lease publishes, which
 * keeps per-key order; a crash between publish and marking re-publishes, and consumers' inboxes
 * drop the duplicate. No transaction is held while publishing (in embedded mode the consumers
 * share the database session).
 */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly lingerMs: number;
  private lingering: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** performance.now() when the lease was last renewed (taken from before the query was sent). */
  private renewedAt = -Infinity;
  private leaseRowExists = false;

  constructor(private readonly options: RelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 200;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.lingerMs = options.lingerMs ?? 5;
  }

  start(): void {
    this.timer = setInterval(() => this.nudge(), this.pollIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Asks for a drain soon (after a commit that wrote events). */
  nudge(): void {
    if (this.stopped || this.lingering) return;
    this.lingering = setTimeout(() => {
      this.lingering = undefined;
      this.drainNow();
    }, this.lingerMs);
    this.lingering.unref();
  }

  private drainNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'outbox relay: publish failed, will retry'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Stops polling and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.lingering) clearTimeout(this.lingering);
    await this.running;
  }

  /** Publishes everything pending now; used by tests and at shutdown. */
  async flush(): Promise<void> {
    await this.running;
    await this.drain();
  }

  private async drain(): Promise<void> {
    const { db, bus } = this.options;
    for (;;) {
      if (!(await this.holdLease())) return;
      const rows = (await db('outbox')
        .whereNull('published_at')
        .orderBy('id')
        .limit(this.batchSize)
        .select('id', 'topic', 'key', 'payload', 'headers')) as OutboxRow[];
      if (rows.length === 0) return;
      const spans = rows.map(publishSpan);
      const messages: BusMessage[] = rows.map((row, i) => ({
        topic: row.topic,
        key: row.key,
        value: Buffer.from(row.payload),
        headers: withSpan(row.headers, spans[i]!),
      }));
      try {
        await bus.publish(messages);
      } catch (error) {
        outboxPublishFailures.inc({ service: this.options.name });
        for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
        throw error;
      } finally {
        for (const span of spans) span.end();
      }
      await db('outbox')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ published_at: db.fn.now() });
      for (const row of rows) outboxPublished.inc({ service: this.options.name, topic: row.topic });
      if (rows.length < this.batchSize) return;
    }
  }

  /**
   * Takes or renews the lease. A lease renewed less than a third of its length ago is still ours
   * for at least two thirds of it (the time is measured from before the renewal was sent), so a busy
   * relay renews a few times per lease instead of twice per batch.
   */
  private async holdLease(): Promise<boolean> {
    const { db, name, holder } = this.options;
    if (performance.now() - this.renewedAt < this.leaseMs / 3) return true;
    const asked = performance.now();
    const expires = db.raw(`now() + (? * interval '1 millisecond')`, [this.leaseMs]);
    if (!this.leaseRowExists) {
      await db('relay_lease').insert({ name, holder, expires_at: expires }).onConflict('name').ignore();
      this.leaseRowExists = true;
    }
    const updated = await db('relay_lease')
      .where({ name })
      .andWhere((q) => q.where({ holder }).orWhere('expires_at', '<', db.fn.now()))
      .update({ holder, expires_at: expires });
    this.renewedAt = updated > 0 ? asked : -Infinity;
    return updated > 0;
  }
}

/**
 * The publish of one event, a child of the request that wrote it (the trace context the outbox
 * stored with the row): the relay runs on its own timer, so its own context would start a new trace.
 */
function publishSpan(row: OutboxRow): Span {
  return tracer.startSpan(
    `publish ${row.topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.destination.name': row.topic,
        'messaging.operation.type': 'send',
      },
    },
    propagation.extract(ROOT_CONTEXT, row.headers),
  );
}

/** The row's headers with the trace context of its publish span, which consumers continue. */
function withSpan(headers: Record<string, string>, span: Span): Record<string, string> {
  const carrier = { ...headers };
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier;
}
