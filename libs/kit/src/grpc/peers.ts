import { SERVICES, type ServiceDefinitionOf, type ServiceName } from '@touchline/protos';
import { fromGrpcError, isServiceError } from '../errors';
import { createPromiseClient, type CallOptions, type ClientOptions, type PromiseClient } from './client';

/** A client of one peer service whose calls fail only with DomainErrors (see wrapCalls). */
export type PeerClient<N extends ServiceName> = PromiseClient<ServiceDefinitionOf<N>>;

/** The peers a service calls: a local name for each, mapped to the service it is. */
export type PeerSpec = Record<string, ServiceName>;

export type Peers<S extends PeerSpec> = { [K in keyof S]: PeerClient<S[K]> } & { close(): void };

export interface PeerOptions extends ClientOptions {
  /** Deadline per peer (by local name), overriding defaultTimeoutMs. */
  timeoutsMs?: Partial<Record<string, number>>;
}

/**
 * Every call of the client rejects with a DomainError: the peer's own domain error with its code,
 * message and details, or 'unavailable' / 'timed_out' / 'internal' for a peer that is down, slow or
 * broken. So use cases never read gRPC status codes, and an error they re-throw keeps its meaning
 * instead of becoming INTERNAL.
 */
function wrapCalls<C extends { close(): void }>(client: C): C {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(client)) {
    wrapped[name] =
      typeof value === 'function' && name !== 'close'
        ? (request: unknown, options?: CallOptions) =>
            (value as unknown as (r: unknown, o?: CallOptions) => Promise<unknown>)(request, options).catch(
              (error: unknown) => {
                throw isServiceError(error) ? fromGrpcError(error) : error;
              },
            )
        : value;
  }
  return wrapped as C;
}

/** One peer client, built the one way every service builds them. */
export function connectPeer<N extends ServiceName>(
  service: N,
  address: string,
  options: ClientOptions = {},
): PeerClient<N> {
  return wrapCalls(
    createPromiseClient<ServiceDefinitionOf<N>>(SERVICES[service].definition(), address, options),
  );
}

/**
 * A service's peer clients from its declared peers (`{ wallet: 'wallet-payments' }`) and their
 * addresses (by service name, as ServiceDeps.peers gives them). Each service's src/peers.ts calls this.
 */
export function connectPeers<S extends PeerSpec>(
  spec: S,
  addresses: Record<string, string>,
  options: PeerOptions = {},
): Peers<S> {
  const clients: Record<string, { close(): void }> = {};
  for (const [local, service] of Object.entries(spec)) {
    const address = addresses[service];
    if (!address) throw new Error(`no address for peer ${service}`);
    clients[local] = connectPeer(service, address, {
      defaultTimeoutMs: options.timeoutsMs?.[local] ?? options.defaultTimeoutMs,
    });
  }
  return {
    ...clients,
    close() {
      for (const client of Object.values(clients)) client.close();
    },
  } as Peers<S>;
}
