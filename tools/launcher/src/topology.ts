import type { ServiceModule } from '@touchline/kit';
import { UPSTREAMS } from '@touchline/gateway';
import { SERVICE_MODULES } from './services';

/** The gateway is the one caller that is not a service: it calls every service on behalf of the web. */
export const GATEWAY = 'gateway';

export interface ServiceNode {
  name: string;
  /** Postgres schema the service owns (and nothing else: see libs/kit/src/db/service-roles.ts). */
  schema: string;
  /** Fully-qualified gRPC service name, for health checks. */
  grpcServiceName: string;
  /** Services this one calls, as it declares them in its `src/service.ts`. */
  peers: string[];
  /** Who calls this service: every service that names it as a peer, and the gateway. */
  callers: string[];
}

/** Who calls whom over gRPC: what the Kubernetes chart turns into NetworkPolicies. */
export interface Topology {
  gateway: { peers: string[] };
  services: ServiceNode[];
}

type Declared = Pick<ServiceModule, 'name' | 'schema' | 'grpcServiceName' | 'peers'>;

/**
 * Derives every service's callers from the declared peers, once. A peer that is no service, or a
 * service naming itself, is a mistake in a declaration and stops here rather than in a cluster.
 */
export function buildTopology(modules: readonly Declared[], gatewayPeers: readonly string[]): Topology {
  const names = new Set(modules.map((m) => m.name));
  if (names.size !== modules.length) throw new Error('two services share a name');
  const check = (caller: string, peer: string) => {
    if (!names.has(peer)) throw new Error(`${caller} declares the peer "${peer}", which is no service`);
    if (peer === caller) throw new Error(`${caller} declares itself as a peer`);
  };
  for (const peer of gatewayPeers) check(GATEWAY, peer);
  for (const m of modules) for (const peer of m.peers ?? []) check(m.name, peer);

  const callersOf = (name: string) =>
    [
      ...modules.filter((m) => (m.peers ?? []).includes(name)).map((m) => m.name),
      ...(gatewayPeers.includes(name) ? [GATEWAY] : []),
    ].sort();
  return {
    gateway: { peers: [...gatewayPeers].sort() },
    services: modules.map((m) => ({
      name: m.name,
      schema: m.schema,
      grpcServiceName: m.grpcServiceName,
      peers: [...(m.peers ?? [])].sort(),
      callers: callersOf(m.name),
    })),
  };
}

/** Touchline's topology: the services' declared peers and the gateway's upstreams. */
export function touchlineTopology(): Topology {
  return buildTopology(SERVICE_MODULES, UPSTREAMS);
}
