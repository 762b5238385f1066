/**
 * Peer clients built by connectPeers fail only with DomainErrors: a peer's own error keeps its code,
 * message and details; a peer that is down, hangs or breaks becomes unavailable / timed_out /
 * internal, and the gateway's one table answers each with its status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardHandlers } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import {
  businessRule,
  DomainError,
  INTERNAL_MESSAGE,
  isOutcomeUnknown,
  pending,
  TIMED_OUT_MESSAGE,
  toHttpError,
  UNAVAILABLE_MESSAGE,
} from '../src/errors';
import { connectPeers, type Peers } from '../src/grpc/peers';
import type { ServiceModule } from '../src/service';
import { startTcpProxy, startTestService, type TcpProxy, type TestService } from '../src/testing';

const module: ServiceModule<unknown, LeaderboardHandlers> = {
  name: 'kit-peers-test',
  schema: 'kit_peers',
  grpcServiceName: SERVICES.leaderboard.serviceName,
  definition: () => SERVICES.leaderboard.definition(),
  migrations: [],
  create: () => ({
    useCases: {
      GetUserStats: async ({ userId }) => {
        if (userId === 422) throw businessRule('Not enough coins', { remainingCoins: 5 });
        if (userId === 202) throw pending('Being confirmed');
        if (userId === 500) throw new Error('relation "x" does not exist');
        return { stats: { userId, rank: 1, collectionValue: 1, cardCount: 1 } };
      },
    },
  }),
};

const SPEC = { board: 'leaderboard' } as const;
let service: TestService;
let link: TcpProxy;
let peers: Peers<typeof SPEC>;

beforeAll(async () => {
  service = await startTestService(module);
  link = await startTcpProxy(service.service.address);
  peers = connectPeers(SPEC, { leaderboard: link.address }, { defaultTimeoutMs: 500 });
});
afterAll(async () => {
  peers?.close();
  await link?.close();
  await service?.stop();
});

async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected the call to fail');
}

describe('connectPeers', () => {
  it('answers like the plain client when the peer answers', async () => {
    expect((await peers.board.GetUserStats({ userId: 7 })).stats).toMatchObject({ userId: 7 });
  });

  it("passes the peer's domain error through with its code, message and details", async () => {
    const refused = await failureOf(peers.board.GetUserStats({ userId: 422 }));
    expect(refused).toMatchObject({
      code: 'business_rule',
      message: 'Not enough coins',
      details: { remainingCoins: 5 },
    });
    expect(toHttpError(refused)).toEqual({
      status: 422,
      body: { message: 'Not enough coins', remainingCoins: 5 },
    });
    const waiting = await failureOf(peers.board.GetUserStats({ userId: 202 }));
    expect(waiting.code).toBe('pending');
    expect(toHttpError(waiting)).toEqual({
      status: 202,
      body: { status: 'pending', message: 'Being confirmed' },
      headers: { 'Retry-After': '2' },
    });
  });

  it("a peer's unexpected failure is internal, with nothing of it in the message", async () => {
    const broken = await failureOf(peers.board.GetUserStats({ userId: 500 }));
    expect(broken).toMatchObject({ code: 'internal', message: INTERNAL_MESSAGE });
    expect(toHttpError(broken).status).toBe(500);
  });

  it('a peer that is down is unavailable: 503 with Retry-After', async () => {
    link.set('down');
    try {
      const down = await failureOf(peers.board.GetUserStats({ userId: 7 }));
      expect(down).toMatchObject({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
      expect(isOutcomeUnknown(down)).toBe(true);
      expect(toHttpError(down)).toEqual({
        status: 503,
        body: { message: UNAVAILABLE_MESSAGE },
        headers: { 'Retry-After': '2' },
      });
    } finally {
      link.set('pass');
    }
  });

  it('a peer that hangs past the deadline is timed out: 504 with Retry-After', async () => {
    await peers.board.GetUserStats({ userId: 7 }); // connected before it hangs
    link.set('paused');
    try {
      const slow = await failureOf(peers.board.GetUserStats({ userId: 7 }));
      expect(slow).toMatchObject({ code: 'timed_out', message: TIMED_OUT_MESSAGE });
      expect(isOutcomeUnknown(slow)).toBe(true);
      expect(toHttpError(slow)).toMatchObject({ status: 504, headers: { 'Retry-After': '2' } });
    } finally {
      link.set('pass');
    }
  });

  it('refuses a spec whose address is missing', () => {
    expect(() => connectPeers(SPEC, {})).toThrow('no address for peer leaderboard');
  });
});
