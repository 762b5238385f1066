/**
 * Graceful shutdown of a running service: health goes NOT_SERVING at once, new calls are refused,
 * calls in flight finish (up to SHUTDOWN_TIMEOUT_MS), then jobs, relay and database are closed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { status, type ServiceError } from '@grpc/grpc-js';
import { SERVICES } from '@touchline/protos';
import type {
  LeaderboardDefinition,
  LeaderboardHandlers,
} from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { systemClock, systemRandom } from '../src/clock';
import { baseConfigSchema, loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { InProcessBus } from '../src/events/in-process-bus';
import { createPromiseClient, type PromiseClient } from '../src/grpc/client';
import { startService, type RunningService, type ServiceModule } from '../src/service';
import { silentLogger, startTestService, type TestService } from '../src/testing';

type Client = PromiseClient<LeaderboardDefinition>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A service whose GetUserStats takes 300 ms (userId 1) or never finishes (userId 2). */
function slowService(events: string[], entered: (userId: number) => void) {
  const module: ServiceModule<unknown, LeaderboardHandlers> = {
    name: 'kit-shutdown-test',
    schema: 'kit_shutdown',
    grpcServiceName: SERVICES.leaderboard.serviceName,
    definition: () => SERVICES.leaderboard.definition(),
    migrations: [],
    create: ({ db }) => ({
      useCases: {
        GetUserStats: async (req) => {
          entered(req.userId);
          if (req.userId === 2) await new Promise(() => {});
          await sleep(300);
          events.push('call finished');
          return { stats: { userId: req.userId, rank: 1, collectionValue: 0, cardCount: 0 } };
        },
      },
      jobs: [
        {
          name: 'price-ticker',
          start: () => events.push('job started'),
          // A job may still need the database while it stops.
          stop: async () => {
            await db.raw('select 1');
            events.push('job stopped');
          },
        },
      ],
      close: async () => void events.push('parts closed'),
    }),
  };
  return module;
}

/** Starts a call and resolves, with the call's outcome still to come, once its use case runs on the server. */
async function startCall(client: Client, userId: number, calls: Map<number, () => void>) {
  const running = new Promise<void>((resolve) => calls.set(userId, resolve));
  const outcome = client.GetUserStats({ userId }, { timeoutMs: 10_000 }).then(
    (response) => ({ ok: true as const, response }),
    (error: ServiceError) => ({ ok: false as const, error }),
  );
  await running;
  return { outcome };
}

async function codeOf(call: Promise<unknown>): Promise<status> {
  try {
    await call;
  } catch (error) {
    return (error as ServiceError).code;
  }
  throw new Error('expected the call to fail');
}

const graceful = { events: [] as string[], calls: new Map<number, () => void>() };
const forced = { events: [] as string[], calls: new Map<number, () => void>() };
let gracefulService: TestService;
let forcedService: RunningService | undefined;

beforeAll(async () => {
  gracefulService = await startTestService(slowService(graceful.events, (id) => graceful.calls.get(id)?.()));
});

afterAll(async () => {
  await forcedService?.shutdown();
  await gracefulService?.stop();
});

/** A second service on its own connection to the same test database (one database per file keeps this fast). */
function startForcedService(db: Database, shutdownTimeoutMs: number): Promise<RunningService> {
  const module = slowService(forced.events, (id) => forced.calls.get(id)?.());
  return startService(
    { ...module, schema: gracefulService.database.schema },
    {
      config: loadConfig(baseConfigSchema, {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: '0',
        SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      }),
      logger: silentLogger,
      db,
      bus: new InProcessBus(silentLogger),
      clock: systemClock,
      random: systemRandom,
      peers: {},
      instanceId: 'forced',
    },
  );
}

describe('shutdown', () => {
  it('drains the call in flight, refuses new ones, then stops jobs and closes the database', async () => {
    const { service, database } = gracefulService;
    const client: Client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      service.address,
    );
    expect(service.health.status).toBe('SERVING');
    expect(graceful.events).toEqual(['job started']);

    const inFlight = await startCall(client, 1, graceful.calls);
    const stopping = service.shutdown();
    expect(service.health.status).toBe('NOT_SERVING');
    expect(service.shutdown()).toBe(stopping);
    expect(graceful.events).toEqual(['job started']); // the call is still running

    const lateClient: Client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      service.address,
    );
    expect(await codeOf(lateClient.GetUserStats({ userId: 3 }, { timeoutMs: 2_000 }))).toBe(
      status.UNAVAILABLE,
    );
    expect(await codeOf(client.GetUserStats({ userId: 4 }, { timeoutMs: 2_000 }))).toBe(status.UNAVAILABLE);
    lateClient.close();

    const result = await inFlight.outcome;
    expect(result.ok && result.response.stats?.userId).toBe(1);

    await stopping;
    graceful.events.push('shut down');
    expect(graceful.events).toEqual([
      'job started',
      'call finished',
      'job stopped',
      'parts closed',
      'shut down',
    ]);
    expect(service.health.status).toBe('NOT_SERVING');
    await service.health.check();
    expect(service.health.status).toBe('NOT_SERVING');
    await expect(database.db.raw('select 1')).rejects.toThrow();
    client.close();
  });

  it('cuts off a call that never finishes after SHUTDOWN_TIMEOUT_MS and still shuts down', async () => {
    const db = gracefulService.database.connect();
    forcedService = await startForcedService(db, 300);
    const service = forcedService;
    const client: Client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      service.address,
    );

    const stuck = await startCall(client, 2, forced.calls);
    await service.shutdown();

    const result = await stuck.outcome;
    expect(result.ok).toBe(false);
    // Cut off by the server, not by the caller's 10 s deadline.
    expect(!result.ok && result.error.code).not.toBe(status.DEADLINE_EXCEEDED);
    expect(forced.events).toEqual(['job started', 'job stopped', 'parts closed']);
    expect(service.health.status).toBe('NOT_SERVING');
    await expect(db.raw('select 1')).rejects.toThrow();
    client.close();
  });
});
