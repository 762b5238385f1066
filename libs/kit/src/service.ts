import { withEncodeOnce } from './grpc/encoded-once';
import * as grpc from '@grpc/grpc-js';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { BaseConfig } from './config';
import type { Clock, Random } from './clock';
import { migrate, type Migration } from './db/migrate';
import { pingDatabase } from './db/database';
import type { EventBus } from './events/bus';
import { subscribeConsumers, type EventConsumer } from './events/inbox';
import { listenerGroup, subscribeListeners, type ReplicaListener } from './events/listeners';
import { kitMigrations } from './events/kit-migrations';
import { Outbox } from './events/outbox';
import { OutboxRelay, type Listen } from './events/relay';
import { adaptHandlers, type UseCases } from './grpc/handlers';
import { scopedKeys } from './grpc/scoped-keys';
import { HealthReporter } from './grpc/health';
import { startGaugeCollector, type ReadGauges } from './metrics/gauge-collector';
import { redInterceptor } from './metrics/grpc-interceptor';

/** A periodic job of a service (sweepers, price ticks); stopped before the database closes. */
export interface BackgroundJob {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

/** What a service's composition root receives. */
export interface ServiceDeps<C> {
  config: BaseConfig & C;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  /** host:port of each declared peer, from `<PEER>_ADDR`. */
  peers: Record<string, string>;
  /**
   * The service has a process of its own (stack mode, Kubernetes: runStandalone); false when it shares
   * one with the gateway (embedded mode, tests), where an in-memory dev mailbox can be read.
   */
  standalone: boolean;
}

export interface ServiceParts<H> {
  useCases: UseCases<H>;
  consumers?: EventConsumer[];
  /** What every replica hears to keep its memory level with the others' writes (events/listeners.ts). */
  listeners?: ReplicaListener[];
  jobs?: BackgroundJob[];
  /** Called when shutdown starts, before in-flight calls drain: ends long-lived server streams, which would hold the drain open. */
  beforeDrain?(): void;
  close?(): Promise<void>;
}

/** Everything that makes one microservice; `src/service.ts` of each service exports one. */
export interface ServiceModule<C = unknown, H = unknown> {
  /** Service name, also its consumer group and log name, e.g. "cards-market". */
  name: string;
  /** Postgres schema the service owns. */
  schema: string;
  /** Fully-qualified gRPC service name, for health checks, e.g. "touchline.identity.Identity". */
  grpcServiceName: string;
  definition(): grpc.ServiceDefinition;
  migrations: Migration[];
  /** Extra environment variables of this service. */
  configSchema?: z.ZodObject;
  /**
   * Services this one calls over gRPC; it is given their addresses and no others. The callers of each
   * service are derived from these (tools/launcher/src/topology.ts, `npm run topology`).
   */
  peers?: readonly string[];
  create(deps: ServiceDeps<C>): ServiceParts<H> | Promise<ServiceParts<H>>;
  /** Gauges read from the service's tables when scraped, at most every METRICS_COLLECT_INTERVAL_MS (sagas pending, the ledger's check). */
  gauges?: ReadGauges;
}

export interface ServiceRuntime<C> {
  config: BaseConfig & C;
  logger: Logger;
  db: Knex;
  bus: EventBus;
  clock: Clock;
  random: Random;
  peers: Record<string, string>;
  /** Replica identity for the outbox relay lease. */
  instanceId: string;
  /** See ServiceDeps.standalone; false when absent. */
  standalone?: boolean;
  relayPollIntervalMs?: number;
  /** Postgres: how the relay hears other replicas' commits (db/database.ts, postgresListener). */
  listen?: Listen;
}

export interface RunningService {
  name: string;
  port: number;
  address: string;
  health: HealthReporter;
  relay: OutboxRelay;
  /** Graceful: health off, refuse new calls, drain in-flight ones (bounded), stop jobs and relay, close the db. */
  shutdown(): Promise<void>;
}

function bind(server: grpc.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
}

function drain(server: grpc.Server, timeoutMs: number, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn({ timeoutMs }, 'in-flight calls did not finish in time: forcing shutdown');
      server.forceShutdown();
      resolve();
    }, timeoutMs);
    server.tryShutdown(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function startService<C, H>(
  module: ServiceModule<C, H>,
  runtime: ServiceRuntime<C>,
): Promise<RunningService> {
  const { config, logger, db, bus, clock, random } = runtime;
  // Only the declared peers: a call to any other service fails in every mode and in tests, so the
  // declarations (and the NetworkPolicies generated from them) cannot drift from what the code calls.
  const peers = Object.fromEntries(
    (module.peers ?? []).flatMap((p) => (runtime.peers[p] ? [[p, runtime.peers[p]] as const] : [])),
  );
  await migrate(db, module.schema, [...kitMigrations, ...module.migrations]);

  const relay: OutboxRelay = new OutboxRelay({
    db,
    bus,
    logger,
    name: module.name,
    holder: runtime.instanceId,
    pollIntervalMs: runtime.relayPollIntervalMs,
    listen: runtime.listen,
  });
  const outbox = new Outbox(clock, random, () => relay.nudge());
  const parts = await module.create({
    config,
    logger,
    db,
    outbox,
    clock,
    random,
    peers,
    standalone: runtime.standalone ?? false,
  });

  const server = new grpc.Server({
    'grpc.max_receive_message_length': 4 * 1024 * 1024,
    interceptors: [redInterceptor(module.name)],
  });
  const health = new HealthReporter([module.grpcServiceName], () => pingDatabase(db), logger);
  health.addToServer(server);
  server.addService(
    withEncodeOnce(module.definition()),
    adaptHandlers(module.definition(), parts.useCases as Record<string, unknown>, logger, scopedKeys(db)),
  );
  const port = await bind(server, config.GRPC_HOST, config.GRPC_PORT);

  await Promise.all([
    subscribeConsumers({ bus, db, group: module.name, consumers: parts.consumers ?? [], logger }),
    subscribeListeners({
      bus,
      group: listenerGroup(module.name, runtime.instanceId),
      listeners: parts.listeners ?? [],
      logger,
    }),
  ]);
  relay.start();
  for (const job of parts.jobs ?? []) job.start();
  const gauges = startGaugeCollector({
    service: module.name,
    db,
    read: module.gauges,
    intervalMs: config.METRICS_COLLECT_INTERVAL_MS,
    logger,
  });
  await health.start(config.HEALTH_CHECK_INTERVAL_MS);
  logger.info({ port }, `${module.name} serving gRPC`);

  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      health.stop();
      logger.info('shutting down: health NOT_SERVING, draining in-flight calls');
      parts.beforeDrain?.();
      await drain(server, config.SHUTDOWN_TIMEOUT_MS, logger);
      await Promise.allSettled([...(parts.jobs ?? []), gauges].map((job) => job.stop()));
      await relay.stop();
      await parts.close?.();
      await db.destroy();
      logger.info('shut down');
    })());

  return { name: module.name, port, address: `127.0.0.1:${port}`, health, relay, shutdown };
}
