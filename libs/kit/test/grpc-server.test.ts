/**
 * A real service (gRPC on a loopback port, real database) built from a tiny ServiceModule over the
 * leaderboard proto: what the kit's server adapter, client and health check promise to every service.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Server, ServerCredentials, status, type ServiceError } from '@grpc/grpc-js';
import { SERVICES } from '@touchline/protos';
import type {
  LeaderboardDefinition,
  LeaderboardHandlers,
} from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { currentContext, runWithContext } from '../src/context';
import { businessRule, ERROR_DETAILS_KEY, INTERNAL_MESSAGE, notFound, toHttpError } from '../src/errors';
import { createPromiseClient, type PromiseClient } from '../src/grpc/client';
import type { CallContext } from '../src/grpc/handlers';
import { checkHealth, HealthReporter } from '../src/grpc/health';
import type { ServiceModule } from '../src/service';
import { silentLogger, startTestService, type TestService } from '../src/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SERVICE_NAME = SERVICES.leaderboard.serviceName;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What each use case saw of its call, by the user id it was asked about; inContext is the request
 * context it ran in (none: services keep none across awaits, handlers.ts).
 */
const seen = new Map<number, { ctx: CallContext; inContext: string | undefined }>();

/** userId selects the behaviour: 404, 422 and 500 throw, 999 is slow, 13 throws before returning a promise. */
async function getUserStats(userId: number) {
  if (userId === 404) throw notFound(`User ${userId} has no stats`);
  if (userId === 422)
    throw businessRule('Zu wenig Münzen für „Ultra Stack“', { remainingCoins: 5, team: 'Atlético' });
  if (userId === 500)
    throw new Error('relation "leaderboard.user_stats" does not exist\n    at Query.run (/app/x.ts:1)');
  if (userId === 999) await sleep(400);
  return { stats: { userId, rank: 1, collectionValue: 125_000, cardCount: 3 } };
}

const module: ServiceModule<unknown, LeaderboardHandlers> = {
  name: 'kit-grpc-test',
  schema: 'kit_grpc',
  grpcServiceName: SERVICE_NAME,
  definition: () => SERVICES.leaderboard.definition(),
  migrations: [],
  create: () => ({
    useCases: {
      GetUserStats: (req, ctx) => {
        seen.set(req.userId, { ctx, inContext: currentContext()?.requestId });
        if (req.userId === 13) throw new Error('thrown before any promise exists');
        return getUserStats(req.userId);
      },
      GetTop: async (_req, ctx) => ({ entries: [], asOf: ctx.requestId }),
      // GetUsersStats has no use case yet.
    },
  }),
};

let test: TestService;
let client: PromiseClient<LeaderboardDefinition>;

beforeAll(async () => {
  test = await startTestService(module);
  client = createPromiseClient<LeaderboardDefinition>(
    SERVICES.leaderboard.definition(),
    test.service.address,
  );
});

afterAll(async () => {
  client?.close();
  await test?.stop();
});

async function rejectionOf(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

describe('a service built from a ServiceModule', () => {
  it('answers an implemented RPC', async () => {
    const response = await client.GetUserStats({ userId: 7 });
    expect(response.stats).toEqual({ userId: 7, rank: 1, collectionValue: 125_000, cardCount: 3 });
  });

  it('answers UNIMPLEMENTED for an RPC without a use case (HTTP 501 at the gateway)', async () => {
    const error = await rejectionOf(client.GetUsersStats({ userIds: [1, 2] }));
    expect(error.code).toBe(status.UNIMPLEMENTED);
    expect(error.details).toContain('GetUsersStats');
    expect(toHttpError(error).status).toBe(501);
  });

  it('turns a DomainError into its status with the message', async () => {
    const error = await rejectionOf(client.GetUserStats({ userId: 404 }));
    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.details).toBe('User 404 has no stats');
    expect(toHttpError(error)).toEqual({ status: 404, body: { message: 'User 404 has no stats' } });
  });

  it('carries a non-ASCII message and details to the HTTP body', async () => {
    const error = await rejectionOf(client.GetUserStats({ userId: 422 }, { timeoutMs: 2_000 }));
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(toHttpError(error)).toEqual({
      status: 422,
      body: { message: 'Zu wenig Münzen für „Ultra Stack“', remainingCoins: 5, team: 'Atlético' },
    });
  });

  it('answers INTERNAL with the generic message for an unexpected error, leaking nothing', async () => {
    const error = await rejectionOf(client.GetUserStats({ userId: 500 }));
    expect(error.code).toBe(status.INTERNAL);
    expect(error.details).toBe(INTERNAL_MESSAGE);
    expect(error.metadata.get(ERROR_DETAILS_KEY)).toEqual([]);
    expect(JSON.stringify(toHttpError(error))).not.toMatch(/relation|user_stats|\/app\//);
  });

  it('answers INTERNAL when a use case throws before returning a promise', async () => {
    const error = await rejectionOf(client.GetUserStats({ userId: 13 }, { timeoutMs: 2_000 }));
    expect(error.code).toBe(status.INTERNAL);
    expect(error.details).toBe(INTERNAL_MESSAGE);
  });

  it("passes the caller's request id to the use case, without entering a request context", async () => {
    await runWithContext({ requestId: 'req-gateway-42' }, () => client.GetUserStats({ userId: 8 }));
    expect(seen.get(8)?.ctx.requestId).toBe('req-gateway-42');
    expect(seen.get(8)?.inContext).toBeUndefined();

    const top = await runWithContext({ requestId: 'req-gateway-43' }, () => client.GetTop({ limit: 5 }));
    expect(top.asOf).toBe('req-gateway-43');
  });

  it('makes up a request id when the caller has none (or an unreasonable one)', async () => {
    await client.GetUserStats({ userId: 9 });
    expect(seen.get(9)?.ctx.requestId).toMatch(UUID);

    await runWithContext({ requestId: 'x'.repeat(500) }, () => client.GetUserStats({ userId: 10 }));
    expect(seen.get(10)?.ctx.requestId).toMatch(UUID);
  });

  it("gives up at the caller's deadline with DEADLINE_EXCEEDED", async () => {
    const before = Date.now();
    const error = await rejectionOf(client.GetUserStats({ userId: 999 }, { timeoutMs: 100 }));
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    expect(toHttpError(error).status).toBe(504);

    // The use case is told the caller's deadline, to bound its own downstream calls.
    const deadline = seen.get(999)?.ctx.deadline;
    expect(deadline).toBeInstanceOf(Date);
    expect(deadline!.getTime()).toBeGreaterThan(before);
    expect(deadline!.getTime()).toBeLessThan(Date.now() + 100);
  });

  it('reports SERVING while the database answers, NOT_SERVING once it does not', async () => {
    expect(await checkHealth(test.service.address, SERVICE_NAME)).toBe('SERVING');
    expect(await checkHealth(test.service.address)).toBe('SERVING');
    expect(test.service.health.status).toBe('SERVING');

    await test.database.db.destroy();
    await test.service.health.check();

    expect(test.service.health.status).toBe('NOT_SERVING');
    expect(await checkHealth(test.service.address, SERVICE_NAME)).toBe('NOT_SERVING');
    expect(await checkHealth(test.service.address)).toBe('NOT_SERVING');
  });
});

describe('health', () => {
  it('probes when a Check comes and the last probe is older than the interval, never on a timer', async () => {
    let probes = 0;
    let down = false;
    const probe = async () => {
      probes++;
      if (down) throw new Error('database down');
    };
    const health = new HealthReporter(['touchline.test.Svc'], probe, silentLogger);
    const server = new Server();
    health.addToServer(server);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    const address = `127.0.0.1:${port}`;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await health.start(100);
      expect(probes).toBe(1);
      await sleep(250);
      expect(probes).toBe(1);

      down = true;
      expect(await checkHealth(address, 'touchline.test.Svc')).toBe('NOT_SERVING');
      expect(await checkHealth(address)).toBe('NOT_SERVING');
      expect(probes).toBe(2);

      down = false;
      await sleep(150);
      expect(await checkHealth(address, 'touchline.test.Svc')).toBe('SERVING');
      expect(probes).toBe(3);
    } finally {
      health.stop();
      server.forceShutdown();
    }
  });
});

describe('peers', () => {
  it('a service is given the addresses of its declared peers only', async () => {
    let given: Record<string, string> = {};
    const caller: ServiceModule<unknown, LeaderboardHandlers> = {
      ...module,
      name: 'kit-peers-test',
      schema: 'kit_peers',
      peers: ['identity'],
      create: (deps) => {
        given = deps.peers;
        return module.create(deps);
      },
    };
    const started = await startTestService(caller, {
      peers: { identity: '127.0.0.1:7001', 'cards-market': '127.0.0.1:7002' },
    });
    await started.stop();
    expect(given).toEqual({ identity: '127.0.0.1:7001' });
  });
});
