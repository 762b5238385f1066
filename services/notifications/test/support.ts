import * as grpc from '@grpc/grpc-js';
import { randomBytes } from 'node:crypto';
import { createPromiseClient, type PromiseClient } from '@touchline/kit';
import {
  createTestDatabase,
  replicaSender,
  startReplica,
  type TestDatabase,
  type TestReplica,
} from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { NotificationsDefinition } from '@touchline/protos/gen/touchline/notifications/Notifications';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import { notificationsModule } from '../src/service';
import type { LiveChannel } from '../src/channel';
import { createMemoryChannel } from '../src/channel/memory-channel';
import { createRedisChannel } from '../src/channel/redis-channel';

export type NotificationsClient = PromiseClient<NotificationsDefinition> & { raw: grpc.Client };

/** Users identity knows in these tests: usernames differ from the e-mails' local parts on purpose. */
export const USERS: Record<number, { username: string; email: string }> = {
  1: { username: 'alice', email: 'alice.private@example.com' },
  2: { username: 'bob', email: 'bob.private@example.com' },
  3: { username: 'carol', email: 'carol.private@example.com' },
};

/** identity's GetUsers over real gRPC, answering from USERS (unknown ids are left out, as identity does). */
async function fakeIdentity(): Promise<{ address: string; stop(): Promise<void> }> {
  const server = new grpc.Server();
  server.addService(SERVICES.identity.definition(), {
    GetUsers: (
      call: grpc.ServerUnaryCall<{ userIds: number[] }, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const users = call.request.userIds
        .filter((id) => USERS[Number(id)])
        .map((id) => ({ id, ...USERS[Number(id)]! }));
      callback(null, { users });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.tryShutdown(() => resolve())),
  };
}

export { eventually } from '@touchline/kit/testing';

interface Replica extends TestReplica {
  client: NotificationsClient;
}

/**
 * `count` notifications replicas over one database, signalling each other through Redis pub/sub
 * (TEST_REDIS_URL, on a channel of their own) or one in-memory channel shared as Redis would be.
 * `env` can slow the poll down, to show that the signal alone delivers.
 */
export async function startNotifications(
  count = 1,
  options: { env?: Record<string, string>; channel?: () => LiveChannel } = {},
) {
  const database: TestDatabase = await createTestDatabase('notifications', { sharedPglite: true });
  const identity = await fakeIdentity();
  const channel = `test:notifications:${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.TEST_REDIS_URL;
  const memory = createMemoryChannel();
  const newChannel =
    options.channel ?? ((): LiveChannel => (redisUrl ? createRedisChannel(redisUrl, channel) : memory));
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const { service, bus } = await startReplica(notificationsModule({ channel: newChannel }), database, i, {
      env: { SHUTDOWN_TIMEOUT_MS: '5000', ...options.env },
      peers: { identity: identity.address },
    });
    const client = createPromiseClient<NotificationsDefinition>(
      SERVICES.notifications.definition(),
      service.address,
      { defaultTimeoutMs: 20_000 },
    );
    replicas.push({ service, bus, client });
  }
  const h = {
    database,
    replicas,
    client: replicas[0]!.client,
    /** Delivers one event to a replica (round robin unless told) through its bus and inbox. */
    send: replicaSender(replicas),
    async stop() {
      for (const r of replicas) {
        r.client.close();
        await r.service.shutdown();
      }
      await identity.stop();
      await database.close();
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof startNotifications>>;

export interface OpenLive {
  /** Every message but keep-alives (no change). */
  messages: LiveMessage__Output[];
  /** One user's messages, in order. */
  of(userId: number): LiveMessage__Output[];
  /** Notification ids received for a user, in order. */
  ids(userId: number): number[];
  /** Resolves with the first message (the service's acknowledgement). */
  ready: Promise<void>;
  ended: Promise<grpc.StatusObject | grpc.ServiceError>;
  cancel(): void;
}

/** Opens Live (what a gateway process does once) and records what arrives. */
export function live(client: NotificationsClient): OpenLive {
  const call = (
    client.raw as unknown as Record<
      string,
      (req: { subscriber: string }) => grpc.ClientReadableStream<LiveMessage__Output>
    >
  )['Live']!.call(client.raw, { subscriber: 'test' });
  const messages: LiveMessage__Output[] = [];
  const ready = new Promise<void>((resolve) => call.once('data', () => resolve()));
  call.on('data', (m: LiveMessage__Output) => {
    if (m.change) messages.push(m);
  });
  const ended = new Promise<grpc.StatusObject | grpc.ServiceError>((resolve) => {
    call.on('error', resolve);
    call.on('status', resolve);
  });
  const of = (userId: number) =>
    messages.filter((m) => m.audience === 'LIVE_AUDIENCE_USER' && m.userId === userId);
  return {
    messages,
    of,
    ids: (userId) =>
      of(userId)
        .filter((m) => m.notification)
        .map((m) => Number(m.notification!.notification!.id)),
    ready,
    ended,
    cancel: () => call.cancel(),
  };
}

export const offerCreated = (offerId: number, fromUserId = 1, toUserId = 2) => ({
  offerId,
  fromUserId,
  toUserId,
  offeredCardIds: [11, 12],
  offeredCoins: 500,
  requestedCardIds: [],
  requestedCoins: 0,
  wishId: 0,
  createdAt: new Date().toISOString(),
});
