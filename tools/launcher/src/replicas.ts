import { z } from 'zod';

/** The most replicas of one process the stack starts (2 cores here; Kubernetes' HPA goes further). */
export const MAX_REPLICAS = 8;

const count = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_REPLICAS, `at most ${MAX_REPLICAS} replicas per process`);

/** `STACK_REPLICAS_<NAME>` for a service or the gateway, e.g. cards-market → STACK_REPLICAS_CARDS_MARKET. */
export function replicasEnvName(name: string): string {
  return `STACK_REPLICAS_${name.replace(/-/g, '_').toUpperCase()}`;
}

/**
 * How many replicas of each process `npm run stack` starts: `STACK_REPLICAS` for all (default 1),
 * `STACK_REPLICAS_<NAME>` for one. Throws one message naming every bad variable, also one that
 * names no process (a typo would otherwise silently start one replica).
 */
export function replicaCounts(names: readonly string[], env: NodeJS.ProcessEnv): Map<string, number> {
  const problems: string[] = [];
  const read = (variable: string, fallback: number) => {
    const raw = env[variable]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const parsed = count.safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(`  ${variable}: ${parsed.error.issues[0]!.message} (got "${raw}")`);
    return fallback;
  };
  const all = read('STACK_REPLICAS', 1);
  const counts = new Map(names.map((name) => [name, read(replicasEnvName(name), all)]));
  const known = new Set(names.map(replicasEnvName));
  for (const variable of Object.keys(env))
    if (variable.startsWith('STACK_REPLICAS_') && !known.has(variable))
      problems.push(`  ${variable}: no process of the stack is called so (${[...known].join(', ')})`);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return counts;
}

/** A process of the stack as the supervisor names it: `cards-market`, or `cards-market#2` of several. */
export function replicaName(name: string, index: number, of: number): string {
  return of === 1 ? name : `${name}#${index + 1}`;
}

/**
 * The ports of the stack's replicas. Replica 1 of the i-th service keeps `base + i` (where a single
 * stack put it: grpcurl and the benchmarks find it there); replica r (from 0) is `base + r × n + i`
 * for n services; with several gateways, gateway g listens at the first port after every
 * service's, and the front on the public port.
 */
export function replicaPorts(
  base: number,
  services: readonly string[],
  counts: ReadonlyMap<string, number>,
  gateways: number,
): { services: Map<string, number[]>; gateways: number[] } {
  const n = services.length;
  const most = Math.max(1, ...services.map((s) => counts.get(s) ?? 1));
  const ports = new Map(
    services.map((s, i) => [s, Array.from({ length: counts.get(s) ?? 1 }, (_, r) => base + r * n + i)]),
  );
  const gatewayPorts = gateways > 1 ? Array.from({ length: gateways }, (_, g) => base + most * n + g) : [];
  const last = Math.max(...[...ports.values()].flat(), ...gatewayPorts);
  if (last > 65535)
    throw new Error(`GRPC_BASE_PORT ${base} leaves no room for the replicas (up to port ${last})`);
  return { services: ports, gateways: gatewayPorts };
}

/** `<SERVICE>_ADDR` of a service's replicas: one address, or their list (kit's client: round-robin). */
export function replicaAddress(ports: readonly number[]): string {
  return ports.map((p) => `127.0.0.1:${p}`).join(',');
}
