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
  /** Non-2xx answers by status ('timeout' and 'no answer' for status 0), then by group. */
  readonly failures = new Map<string, Map<RouteGroup, number>>();
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
    const byGroup = this.failures.get(key) ?? new Map<RouteGroup, number>();
    byGroup.set(o.group, (byGroup.get(o.group) ?? 0) + 1);
    this.failures.set(key, byGroup);
    if ((o.status === 429 || o.status === 503) && !o.retryAfter) this.refusalsWithoutRetryAfter++;
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

  /** Answers with this status ('timeout', 'no answer' or a number), over every group. */
  count(status: string): number {
    return [...(this.failures.get(status)?.values() ?? [])].reduce((a, b) => a + b, 0);
  }

  statuses(): string[] {
    return [...this.failures.keys()].sort();
  }
}
