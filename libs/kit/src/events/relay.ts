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

/**
 * Wakes a relay when another process commits events (Postgres LISTEN on a connection of its own:
 * db/database.ts, postgresListener). Resolves once listening, with a function that stops; `onLost`
 * is called when the connection ends on its own.
 */
export type Listen = (
  channel: string,
  onNotify: () => void,
  onLost: (error?: Error) => void,
) => Promise<() => Promise<void>>;

export interface RelayOptions {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  /** Lease name: one active relay per service, so events leave in commit order. */
  name: string;
  holder: string;
  /**
   * The safety poll: a drain this often even when nothing woke the relay (a notification lost with
   * its connection, rows left by a crash). Commits wake it: in this process through nudge(), in
   * another replica's through `listen`. Default 10 s.
   */
  pollIntervalMs?: number;
  /** After a failed drain (the bus refused), the next try comes this soon. Default 1 s. */
  retryMs?: number;
  /**
   * Postgres only: while this relay holds the lease it listens on its service's channel, and a
   * replica whose commit it cannot publish (the lease is another's) notifies it. Absent on PGlite,
   * where every writer is in this process.
   */
  listen?: Listen;
  batchSize?: number;
  leaseMs?: number;
  /**
   * How long a nudge waits before draining, so that the commits of that moment leave in one batch
   * (one query and one publish instead of one each). Default 5 ms.
   */
  lingerMs?: number;
  /**
   * How long published rows may wait to be marked: the next drain's query marks them as it reads on
   * (one statement instead of two per drain); when no drain comes this soon, one comes for them.
   * Default 100 ms.
   */
  markWithinMs?: number;
}

/**
 * Publishes committed outbox rows in id order. Only the replica holding the lease publishes, which
 * keeps per-key order; a crash between publish and marking re-publishes, and consumers' inboxes
 * drop the duplicate. No transaction is held while publishing (in embedded mode the consumers
 * share the database session).
 *
 * Idle, it costs nothing but a safety poll: a commit in this process nudges it (Outbox's
 * onCommitted), and a commit in a replica that does not hold the lease becomes a NOTIFY on the
 * service's channel, on which the holder listens.
 */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly retryMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly lingerMs: number;
  private readonly markWithinMs: number;
  /** Ids published and not yet marked (see markWithinMs). */
  private published: number[] = [];
  private marking: NodeJS.Timeout | undefined;
  /** The NOTIFY channel of this service's relays. */
  private readonly channel: string;
  private lingering: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** A commit of this process asked for the drain to come (not only the poll or a notification). */
  private committed = false;
  private stopped = false;
  /** performance.now() when the lease was last renewed (taken from before the query was sent). */
  private renewedAt = -Infinity;
  private leaseRowExists = false;
  /** While holding the lease: the LISTEN connection (starting, or its stop function). */
  private listening: Promise<(() => Promise<void>) | undefined> | undefined;
  /** performance.now() of the last failed attempt to listen: the next waits a poll interval. */
  private listenFailedAt = -Infinity;

  constructor(private readonly options: RelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 10_000;
    this.retryMs = options.retryMs ?? 1_000;
    this.batchSize = options.batchSize ?? 200;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.lingerMs = options.lingerMs ?? 5;
    this.markWithinMs = options.markWithinMs ?? 100;
    this.channel = `touchline_outbox_${options.name}`;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Asks for a drain soon (after a commit that wrote events). */
  nudge(): void {
    this.committed = true;
    this.wake();
  }

  /** A drain soon, for the poll, a notification or a retry. */
  private wake(): void {
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
    const handOff = this.committed;
    this.committed = false;
    this.running = this.drain(handOff)
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'outbox relay: publish failed, will retry');
        if (handOff) this.committed = true;
        this.retry ??= setTimeout(() => {
          this.retry = undefined;
          this.wake();
        }, this.retryMs);
        this.retry.unref();
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops polling and listening, and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.lingering) clearTimeout(this.lingering);
    if (this.retry) clearTimeout(this.retry);
    if (this.marking) clearTimeout(this.marking);
    await this.running;
    await this.markPublished().catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'outbox relay: published rows left unmarked'),
    );
    await this.unlisten();
  }

  /** Publishes everything pending now and marks it; used by tests and at shutdown. */
  async flush(): Promise<void> {
    await this.running;
    await this.drain(false);
    await this.markPublished();
  }

  /**
   * `handOff`: the drain follows a commit of this process; when another replica holds the lease, it
   * is told to drain (NOTIFY), since it would otherwise see the rows only at its next poll.
   */
  private async drain(handOff: boolean): Promise<void> {
    const { db, bus } = this.options;
    for (;;) {
      if (!(await this.holdLease())) {
        await this.markPublished();
        await this.unlisten();
        if (handOff && this.options.listen) await db.raw('select pg_notify(?, ?)', [this.channel, '']);
        return;
      }
      this.ensureListening();
      const rows = await this.markAndRead();
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
      this.published = rows.map((r) => r.id);
      for (const row of rows) outboxPublished.inc({ service: this.options.name, topic: row.topic });
      if (rows.length < this.batchSize) {
        this.markSoon();
        return;
      }
    }
  }

  /**
   * Marks the rows published so far and reads the next batch, in one statement: the update and the
   * read see the same snapshot, so the read leaves the rows being marked out itself.
   */
  private async markAndRead(): Promise<OutboxRow[]> {
    const { db } = this.options;
    const marked = this.published;
    if (marked.length === 0)
      return (await db('outbox')
        .whereNull('published_at')
        .orderBy('id')
        .limit(this.batchSize)
        .select('id', 'topic', 'key', 'payload', 'headers')) as OutboxRow[];
    this.published = [];
    try {
      const { rows } = (await db.raw(
        `with marked as (update outbox set published_at = now() where id = any(?::bigint[]))
         select id, topic, key, payload, headers from outbox
          where published_at is null and not (id = any(?::bigint[]))
          order by id limit ?`,
        [marked, marked, this.batchSize],
      )) as { rows: OutboxRow[] };
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    } catch (error) {
      this.published = marked;
      throw error;
    }
  }

  /** Marks the rows published so far (when no read follows: the lease is lost, a flush, a stop). */
  private async markPublished(): Promise<void> {
    const marked = this.published;
    if (marked.length === 0) return;
    this.published = [];
    try {
      await this.options
        .db('outbox')
        .whereIn('id', marked)
        .update({ published_at: this.options.db.fn.now() });
    } catch (error) {
      this.published = marked;
      throw error;
    }
  }

  /** A drain within markWithinMs, which marks what is published if no other drain has by then. */
  private markSoon(): void {
    if (this.marking || this.stopped) return;
    this.marking = setTimeout(() => {
      this.marking = undefined;
      if (this.published.length > 0) this.wake();
    }, this.markWithinMs);
    this.marking.unref();
  }

  /**
   * The lease holder listens for the other replicas' commits. Not awaited by the drain: until the
   * connection is up, the poll and this process's nudges still drain; once it is, one more drain
   * takes whatever was notified before.
   */
  private ensureListening(): void {
    const { listen, logger } = this.options;
    if (!listen || this.listening || this.stopped) return;
    if (performance.now() - this.listenFailedAt < this.pollIntervalMs) return;
    const listening = listen(
      this.channel,
      () => this.wake(),
      (error) => {
        if (this.listening !== listening) return;
        this.listening = undefined;
        this.listenFailedAt = performance.now();
        logger.warn({ err: error }, 'outbox relay: notification connection lost');
        this.wake();
      },
    ).then(
      (stop) => {
        this.wake();
        return stop;
      },
      (error: unknown) => {
        if (this.listening === listening) this.listening = undefined;
        this.listenFailedAt = performance.now();
        logger.warn({ err: error }, 'outbox relay: cannot listen for notifications; polling');
        return undefined;
      },
    );
    this.listening = listening;
  }

  private async unlisten(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening;
    await stop?.();
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
