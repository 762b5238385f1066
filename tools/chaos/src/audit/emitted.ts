import type { Knex } from 'knex';
import { decodeEvent, type EventOutput, type Topic } from '@touchline/protos';

export interface Emitted<T extends Topic> {
  topic: T;
  event: EventOutput<T>;
  /** When the producer wrote it (the occurred-at header consumers fall back on). */
  occurredAt: Date;
}

/**
 * Every event of `topics` the services committed, read back from each service's own outbox (the
 * relay marks rows published and never deletes them): what the consumers were given to work from.
 */
export async function emitted<T extends Topic>(db: Knex, topics: readonly T[]): Promise<Emitted<T>[]> {
  if (topics.length === 0) return [];
  const schemas = (
    (await db.raw(`select table_schema s from information_schema.tables where table_name = 'outbox'`))
      .rows as { s: string }[]
  ).map((r) => r.s);
  const out: Emitted<T>[] = [];
  for (const schema of schemas) {
    const rows = (
      await db.raw(
        `select topic, payload, headers, created_at from ??.outbox where topic = any(?) order by id`,
        [schema, [...topics]],
      )
    ).rows as { topic: T; payload: Buffer; headers: Record<string, string>; created_at: Date }[];
    for (const r of rows) {
      const header = new Date(r.headers['occurred-at'] ?? '');
      out.push({
        topic: r.topic,
        event: decodeEvent(r.topic, r.payload),
        occurredAt: Number.isNaN(header.getTime()) ? r.created_at : header,
      });
    }
  }
  return out;
}
