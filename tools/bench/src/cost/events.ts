import type pg from 'pg';

export interface EventCounts {
  /** Outbox rows written so far, in every service's schema: events published or to be. */
  written: number;
  /** Outbox rows not yet published. */
  unpublished: number;
  /** Inbox rows: events a consumer group handled (one per group that took the event). */
  handled: number;
}

/** The schemas that hold kit's outbox and inbox: one per service. */
export async function eventSchemas(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ schema: string }>(
    `select schemaname as schema from pg_tables where tablename = 'outbox' order by 1`,
  );
  return rows.map((r) => r.schema);
}

export async function eventCounts(db: pg.Client, schemas: readonly string[]): Promise<EventCounts> {
  const sum = (sql: (s: string) => string) => schemas.map((s) => `(${sql(`"${s}"`)})`).join(' + ');
  const { rows } = await db.query<{ written: string; unpublished: string; handled: string }>(
    `select ${sum((s) => `select count(*) from ${s}.outbox`)} as written,
            ${sum((s) => `select count(*) from ${s}.outbox where published_at is null`)} as unpublished,
            ${sum((s) => `select count(*) from ${s}.inbox`)} as handled`,
  );
  const row = rows[0]!;
  return { written: Number(row.written), unpublished: Number(row.unpublished), handled: Number(row.handled) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the events an operation woke are done: every outbox row published and no consumer group
 * handling anything for `quietMs` (a handler may write new outbox rows, published on the relay's
 * next poll, 1 s at most). The wait is part of the window: its idle CPU is subtracted like the rest.
 */
export async function settle(
  db: pg.Client,
  schemas: readonly string[],
  quietMs = 2_000,
  maxMs = 60_000,
): Promise<EventCounts> {
  const started = Date.now();
  let last = await eventCounts(db, schemas);
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    await sleep(250);
    const now = await eventCounts(db, schemas);
    if (now.unpublished > 0 || now.handled !== last.handled || now.written !== last.written)
      quietSince = Date.now();
    last = now;
    if (Date.now() - quietSince >= quietMs) break;
  }
  return last;
}
