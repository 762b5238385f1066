import { percentiles } from '../stats';
import { GROUPS, type RouteGroup } from './groups';

/** One answer, or its absence: status 0 with `timedOut` is the client giving up, without it a broken connection. */
export interface Outcome {
  group: RouteGroup;
  status: number;
  ms: number;
  timedOut: boolean;
  retryAfter: boolean;
  /** The route without ids and query (groups.ts routeOf), to find where a group's time goes. */
  route?: string;
}

export interface GroupFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** What one level of the crowd saw, by route group and by status. */
export class Tally {
  private readonly samples = new Map<RouteGroup, number[]>();
  private readonly byRoute = new Map<string, number[]>();
  /**
   * Non-2xx answers that are not refusals, by status ('timeout' and 'no answer' for status 0), then
   * by group: a 4xx of the client's, or a failure (any 5xx here: 500, 502, 504, a 503 without
   * Retry-After).
   */
  readonly failures = new Map<string, Map<RouteGroup, number>>();
  /**
   * Refusals, by status (429, 503), then by group: answered at once with Retry-After, nothing done,
   * the client backs off and asks again (docs/architecture.md, "Shedding: who refuses what"). Kept
   * apart so that "any 5xx fails" means a failure, not the server saying it is busy.
   */
  readonly refusals = new Map<string, Map<RouteGroup, number>>();
  /** 429 and 503 answers that came without a Retry-After: a refusal the client cannot pace. */
  refusalsWithoutRetryAfter = 0;
  /** 304 answers: the player held the answer (If-None-Match), as a browser's cache does. */
  notModified = 0;
  total = 0;

  add(o: Outcome): void {
    this.total++;
    const list = this.samples.get(o.group) ?? [];
    list.push(o.ms);
    this.samples.set(o.group, list);
    if (o.route) {
      const route = this.byRoute.get(o.route) ?? [];
      route.push(o.ms);
      this.byRoute.set(o.route, route);
    }
    if (o.status === 304) this.notModified++;
    if ((o.status >= 200 && o.status < 300) || o.status === 304) return;
    const key = o.status === 0 ? (o.timedOut ? 'timeout' : 'no answer') : String(o.status);
    const refusal = o.status === 429 || o.status === 503;
    if (refusal && !o.retryAfter) this.refusalsWithoutRetryAfter++;
    const into = refusal && o.retryAfter ? this.refusals : this.failures;
    const byGroup = into.get(key) ?? new Map<RouteGroup, number>();
    byGroup.set(o.group, (byGroup.get(o.group) ?? 0) + 1);
    into.set(key, byGroup);
  }

  /** Latency figures of every group that had a call, in GROUPS order. */
  groups(): [RouteGroup, GroupFigures][] {
    return GROUPS.filter((g) => this.samples.has(g)).map((g) => {
      const s = this.samples.get(g)!;
      const { p50, p95, p99 } = percentiles(s);
      return [g, { count: s.length, p50, p95, p99 }];
    });
  }

  /** The `n` routes with the highest p99, slowest first. */
  slowestRoutes(n: number): [string, GroupFigures][] {
    return [...this.byRoute]
      .map(([route, s]): [string, GroupFigures] => [route, { count: s.length, ...percentiles(s) }])
      .sort(([, a], [, b]) => b.p99 - a.p99)
      .slice(0, n);
  }

  /** The `n` routes called most, busiest first: the mix that the CPU per request is the average of. */
  busiestRoutes(n: number): [string, number][] {
    return [...this.byRoute]
      .map(([route, s]): [string, number] => [route, s.length])
      .sort(([, a], [, b]) => b - a)
      .slice(0, n);
  }

  /** Answers with this status ('timeout', 'no answer' or a number) that were not refusals, over every group. */
  count(status: string): number {
    return sum(this.failures.get(status));
  }

  /** The statuses of the answers that were not refusals. */
  statuses(): string[] {
    return [...this.failures.keys()].sort();
  }

  /** Refusals with this status (429, 503), over every group. */
  refusedCount(status: string): number {
    return sum(this.refusals.get(status));
  }

  /** Every refusal, whatever its status. */
  refused(): number {
    return [...this.refusals.keys()].reduce((a, status) => a + this.refusedCount(status), 0);
  }

  /** The statuses of the refusals. */
  refusedStatuses(): string[] {
    return [...this.refusals.keys()].sort();
  }

  /** Whether a failure shows: a 5xx that is no refusal, a timeout or a lost connection (CI fails on it). */
  failed(): boolean {
    return this.statuses().some((s) => /^5|timeout|no answer/.test(s));
  }
}

function sum(byGroup: Map<RouteGroup, number> | undefined): number {
  return [...(byGroup?.values() ?? [])].reduce((a, b) => a + b, 0);
}
