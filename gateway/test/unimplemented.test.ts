import { status, type ServiceError } from '@grpc/grpc-js';
import { createPromiseClient, toHttpError } from '@touchline/kit';
import { startTestService, type TestService } from '@touchline/kit/src/testing';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardService } from '../../services/leaderboard/src/service';

let leaderboard: TestService;
let client: ReturnType<typeof createPromiseClient<LeaderboardDefinition>>;

beforeAll(async () => {
  leaderboard = await startTestService(leaderboardService);
  client = createPromiseClient<LeaderboardDefinition>(
    SERVICES.leaderboard.definition(),
    leaderboard.service.address,
  );
});

afterAll(async () => {
  client?.close();
  await leaderboard?.stop();
});

const failure = (promise: Promise<unknown>): Promise<ServiceError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ServiceError,
  );

describe('an RPC that is not built yet', () => {
  it('answers UNIMPLEMENTED, which the gateway maps to 501 {message}', async () => {
    const error = await failure(client.GetTop({ limit: 10 }));
    expect(error).toMatchObject({ code: status.UNIMPLEMENTED, details: 'GetTop is not implemented yet' });
    expect(toHttpError(error)).toEqual({
      status: 501,
      body: { message: 'This feature is not available yet' },
    });
  });

  it('holds for every RPC of the unbuilt service', async () => {
    const calls = client as unknown as Record<string, (request: object) => Promise<unknown>>;
    const rpcs = Object.keys(SERVICES.leaderboard.definition());
    expect(rpcs.length).toBeGreaterThan(1);
    for (const rpc of rpcs) {
      const error = await failure(calls[rpc]!({}));
      expect(error.code, rpc).toBe(status.UNIMPLEMENTED);
      expect(toHttpError(error).status, rpc).toBe(501);
    }
  });
});
