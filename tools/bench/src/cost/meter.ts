import type pg from 'pg';
import { cpuMsByPid, postgresCpuMs, processLabel } from '../proc';
import { eventCounts, type EventCounts } from './events';
import { grpcCalls } from './grpc-calls';
import type { PgStatementCounter } from './pg-counter';
import type { RedisCommandCounter } from './redis-counter';

/** Everything the bench counts, at one moment. */
interface Snapshot {
  at: number;
  cpu: Map<number, number>;
  postgres: Map<number, number>;
  sql: Map<string, number>;
  sqlTexts: Map<string, number>;
  redis: Map<string, number>;
  grpc: Map<string, number>;
  events: EventCounts;
}

/** What happened between two snapshots: CPU ms by process, and counts by what they count. */
export interface Usage {
  seconds: number;
  cpu: Map<string, number>;
  sql: Map<string, number>;
  /** Statements by `role<TAB>text` (empty unless the counter counts texts). */
  sqlTexts: Map<string, number>;
  redis: Map<string, number>;
  grpc: Map<string, number>;
  events: Map<string, number>;
}

export interface MeterDeps {
  stackPid: number;
  database: string;
  /** The bench's own connection to the database: its backend's CPU is the bench's, not the stack's. */
  db: pg.Client;
  ownBackendPid: number;
  schemas: readonly string[];
  metrics: readonly string[];
  sql: PgStatementCounter;
  redis: RedisCommandCounter;
}

function minus(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of after) out.set(key, value - (before.get(key) ?? 0));
  return out;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/**
 * Takes snapshots of the stack's CPU and round trips, and the usage between two. The metrics
 * scrape costs the processes CPU: a window's first snapshot scrapes before reading CPU, its last
 * after, so no scrape falls inside a window.
 */
export class Meter {
  private readonly labels = new Map<number, string>();

  constructor(private readonly deps: MeterDeps) {}

  async start(): Promise<Snapshot> {
    const grpc = await grpcCalls(this.deps.metrics);
    const events = await eventCounts(this.deps.db, this.deps.schemas);
    return { ...this.counters(), grpc, events };
  }

  async end(): Promise<Snapshot> {
    const counters = this.counters();
    const events = await eventCounts(this.deps.db, this.deps.schemas);
    return { ...counters, grpc: await grpcCalls(this.deps.metrics), events };
  }

  usage(before: Snapshot, after: Snapshot): Usage {
    const cpu = new Map<string, number>();
    for (const [pid, ms] of after.cpu) {
      const label = this.label(pid);
      cpu.set(label, (cpu.get(label) ?? 0) + ms - (before.cpu.get(pid) ?? 0));
    }
    let postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
    cpu.set('postgres', postgres);
    return {
      seconds: (after.at - before.at) / 1000,
      cpu,
      sql: minus(after.sql, before.sql),
      sqlTexts: minus(after.sqlTexts, before.sqlTexts),
      redis: minus(after.redis, before.redis),
      grpc: minus(after.grpc, before.grpc),
      events: new Map([
        ['written', after.events.written - before.events.written],
        ['handled', after.events.handled - before.events.handled],
      ]),
    };
  }

  private counters() {
    const postgres = postgresCpuMs(this.deps.database);
    postgres.delete(this.deps.ownBackendPid);
    const redis = this.deps.redis.snapshot();
    return {
      at: performance.now(),
      cpu: cpuMsByPid(this.deps.stackPid),
      postgres,
      sql: this.deps.sql.snapshot(),
      sqlTexts: this.deps.sql.textSnapshot(),
      redis: new Map([...redis.byCommand]),
    };
  }

  /** A process's label, read once: a pid that exited meanwhile keeps the label it had. */
  private label(pid: number): string {
    let label = this.labels.get(pid);
    if (label === undefined) {
      label = processLabel(pid);
      this.labels.set(pid, label);
    }
    return label;
  }
}

/**
 * Per operation: a window's usage less what the idle stack does in as many seconds (its pollers,
 * relays, jobs and health checks), divided by the operations. Rates of the idle window.
 */
export function perOperation(window: Usage, idle: Usage, operations: number): Usage {
  const scale = (w: Map<string, number>, i: Map<string, number>) => {
    const out = new Map<string, number>();
    for (const key of new Set([...w.keys(), ...i.keys()]))
      out.set(key, ((w.get(key) ?? 0) - ((i.get(key) ?? 0) * window.seconds) / idle.seconds) / operations);
    return out;
  };
  return {
    seconds: window.seconds / operations,
    cpu: scale(window.cpu, idle.cpu),
    sql: scale(window.sql, idle.sql),
    sqlTexts: scale(window.sqlTexts, idle.sqlTexts),
    redis: scale(window.redis, idle.redis),
    grpc: scale(window.grpc, idle.grpc),
    events: scale(window.events, idle.events),
  };
}

export const total = sum;
