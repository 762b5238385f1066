import type { Server } from 'node:http';
import type { Logger } from '@touchline/kit';
import { createApp, liveHubOf, readinessOf } from './app';
import { closeClients, createClients } from './clients';
import type { GatewayConfig, Upstream } from './config';
import { createGatewayServer } from './http/server';
import { shedSettings } from './middleware/shedding';
import { createMemoryStore, type KeyValueStore } from './store';

export { gatewayConfigSchema, UPSTREAMS, type GatewayConfig, type Upstream } from './config';
export { createApp, liveHubOf, readinessOf } from './app';

export interface RunningGateway {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Starts the gateway's HTTP server; close() stops accepting, lets open requests finish, then closes clients. */
export async function startGateway(
  config: GatewayConfig,
  addresses: Record<Upstream, string>,
  logger: Logger,
): Promise<RunningGateway> {
  const clients = createClients(addresses, {
    defaultTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    shed: shedSettings(config),
  });
  const store = await createStore(config.REDIS_URL);
  const app = createApp({ config, clients, addresses, store, logger });
  const server = createGatewayServer(app, config);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  let closing: Promise<void> | undefined;
  return {
    server,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        readinessOf(app).stop();
        server.close(() => resolve());
        liveHubOf(app).close();
        server.closeIdleConnections();
      }).then(async () => {
        closeClients(clients);
        await store.close();
      })),
  };
}

/** ioredis is loaded only for Redis: the embedded app keeps its store in memory and never loads it. */
async function createStore(redisUrl: string | undefined): Promise<KeyValueStore> {
  if (!redisUrl) return createMemoryStore();
  const { createRedisStore } = await import('./redis-store');
  return createRedisStore(redisUrl);
}
