import { readFileSync } from 'node:fs';

/** One process of the stack as the launcher's Prometheus targets file lists it (metrics-targets.ts). */
interface TargetGroup {
  targets: string[];
  labels: { process: string; service: string };
}

const HANDLED = /^touchline_grpc_server_handled_total\{([^}]*)\} ([\d.e+]+)$/;

/** The metrics addresses of every process of a stack, from the targets file it wrote in its DATA_DIR. */
export function metricsAddresses(targetsFile: string): string[] {
  const groups = JSON.parse(readFileSync(targetsFile, 'utf8')) as TargetGroup[];
  return groups.flatMap((g) => g.targets);
}

/**
 * gRPC calls every service answered so far, by `service.Method` (kit's
 * touchline_grpc_server_handled_total, summed over status codes). Scraping costs the processes a
 * little CPU: callers take it outside their CPU window.
 */
export async function grpcCalls(addresses: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const texts = await Promise.all(
    addresses.map(async (a) => {
      const res = await fetch(`http://${a}/metrics`);
      return res.ok ? res.text() : '';
    }),
  );
  for (const text of texts)
    for (const line of text.split('\n')) {
      const match = HANDLED.exec(line);
      if (!match) continue;
      const labels = Object.fromEntries(
        [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const),
      );
      // Health checks are the platform's polling, not a request's round trips.
      if (labels.service?.startsWith('grpc.health')) continue;
      const key = `${labels.service}.${labels.method}`;
      out.set(key, (out.get(key) ?? 0) + Number(match[2]));
    }
  return out;
}
