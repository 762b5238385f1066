import { addrEnvName } from '@touchline/kit';
import { SERVICE_MODULES } from '@touchline/launcher/services';
import { UPSTREAMS } from '@touchline/gateway/config';

/**
 * Who calls whom, read from the one place it is declared: each service's `ServiceModule.peers`
 * (services/<name>/src/service.ts) and the gateway's UPSTREAMS. The chart's NetworkPolicies and
 * `<PEER>_ADDR` variables are checked against this; nothing here is typed twice.
 */
export interface ServiceNode {
  name: string;
  /** Postgres schema, which is also the service's database role (k8s/postgres). */
  schema: string;
  grpcServiceName: string;
  peers: string[];
  callers: string[];
}

export const GATEWAY = 'gateway';

export function topology(): ServiceNode[] {
  const nodes = SERVICE_MODULES.map((m) => ({
    name: m.name,
    schema: m.schema,
    grpcServiceName: m.grpcServiceName,
    peers: [...(m.peers ?? [])],
    callers: [] as string[],
  }));
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const edges: [string, string][] = [
    ...nodes.flatMap((n) => n.peers.map((p): [string, string] => [n.name, p])),
    ...UPSTREAMS.map((u): [string, string] => [GATEWAY, u]),
  ];
  for (const [from, to] of edges) {
    const target = byName.get(to);
    if (!target) throw new Error(`${from} declares peer ${to}, which is not a service`);
    target.callers.push(from);
  }
  for (const n of nodes) n.callers.sort();
  return nodes;
}

/** The env variables a process needs for its peers, e.g. cards-market → WALLET_PAYMENTS_ADDR. */
export function peerAddrVars(peers: readonly string[]): string[] {
  return peers.map(addrEnvName);
}

export const GATEWAY_PEERS: readonly string[] = UPSTREAMS;
