/**
 * `<SERVICE>_ADDR` as a list of replicas: kit's client spreads calls over them round-robin, and the
 * health check counts the service ready while one replica serves (grpc/target.ts, grpc/health.ts).
 */
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { createPromiseClient } from '../src/grpc/client';
import { checkHealth } from '../src/grpc/health';
import { channelTarget } from '../src/grpc/target';

interface Replica {
  server: grpc.Server;
  address: string;
}

/** A bare server of the leaderboard proto whose GetTop answers with the replica's name. */
async function replica(name: string): Promise<Replica> {
  const server = new grpc.Server();
  server.addService(SERVICES.leaderboard.definition(), {
    GetTop: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback(null, { entries: [], asOf: name }),
  });
  new HealthImplementation({ '': 'SERVING' }).addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { server, address: `127.0.0.1:${port}` };
}

let a: Replica;
let b: Replica;

beforeAll(async () => {
  [a, b] = await Promise.all([replica('a'), replica('b')]);
});

afterAll(() => {
  a?.server.forceShutdown();
  b?.server.forceShutdown();
});

describe('a peer address that lists replicas', () => {
  it('keeps one address as it is and turns a list into a round-robin ipv4 target', () => {
    expect(channelTarget('cards-market:50051')).toEqual({ target: 'cards-market:50051', options: {} });
    const list = channelTarget('127.0.0.1:1, 127.0.0.1:2');
    expect(list.target).toBe('ipv4:127.0.0.1:1,127.0.0.1:2');
    expect(JSON.parse(list.options['grpc.service_config'] as string)).toEqual({
      loadBalancingConfig: [{ round_robin: {} }],
    });
  });

  it('sends the calls to every replica in turn', async () => {
    const client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      `${a.address},${b.address}`,
    );
    try {
      const answered = async () => (await client.GetTop({ limit: 1 })).asOf;
      // Until both connections are up, the ready one takes every call.
      const seen = new Set<string>();
      for (let i = 0; i < 200 && seen.size < 2; i++) seen.add(await answered());
      expect([...seen].sort()).toEqual(['a', 'b']);
      const next: string[] = [];
      for (let i = 0; i < 6; i++) next.push(await answered());
      expect(next.filter((n) => n === 'a')).toHaveLength(3);
      for (let i = 1; i < next.length; i++) expect(next[i]).not.toBe(next[i - 1]);
    } finally {
      client.close();
    }
  });

  it('is ready while one replica serves', async () => {
    expect(await checkHealth(`${a.address},${b.address}`)).toBe('SERVING');
    expect(await checkHealth(`127.0.0.1:1,${b.address}`)).toBe('SERVING');
    expect(await checkHealth('127.0.0.1:1,127.0.0.1:2')).toBe('UNREACHABLE');
  });
});
