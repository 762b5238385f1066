import * as grpc from '@grpc/grpc-js';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  baseConfigSchema,
  createPromiseClient,
  InProcessBus,
  loadConfig,
  startService,
  systemClock,
  systemRandom,
  type PromiseClient,
  type RunningService,
} from '@touchline/kit';
import {
  createTestDatabase,
  eventMessage,
  silentLogger,
  type TestDatabase,
} from '@touchline/kit/src/testing';
import { SERVICES, type EventInput, type Topic } from '@touchline/protos';
import type { NotificationsDefinition } from '@touchline/protos/gen/touchline/notifications/Notifications';
import type { SubscribeRequest } from '@touchline/protos/gen/touchline/notifications/SubscribeRequest';
import type { SubscribeResponse__Output } from '@touchline/protos/gen/touchline/notifications/SubscribeResponse';
import { notificationsConfigSchema } from '../src/config';
import { notificationsModule } from '../src/service';
import type { FeedSignals } from '../src/signals';
import { createMemorySignals } from '../src/signals/memory-signals';
import { createRedisSignals } from '../src/signals/redis-signals';

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

interface Replica {
  service: RunningService;
  bus: InProcessBus;
  client: NotificationsClient;
}

/**
 * `count` notifications replicas over one database, signalling each other through Redis pub/sub
 * (TEST_REDIS_URL, on a channel of their own) or one in-memory channel shared as Redis would be.
 * `env` can slow the poll down, to show that the signal alone delivers.
 */
export async function startNotifications(
  count = 1,
  options: { env?: Record<string, string>; signals?: () => FeedSignals } = {},
) {
  const database: TestDatabase = await createTestDatabase('notifications', { sharedPglite: true });
  const identity = await fakeIdentity();
  const channel = `test:notifications:${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.TEST_REDIS_URL;
  const memory = createMemorySignals();
  const newSignals =
    options.signals ?? ((): FeedSignals => (redisUrl ? createRedisSignals(redisUrl, channel) : memory));
  const schema = baseConfigSchema.extend(notificationsConfigSchema.shape);
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const bus = new InProcessBus(silentLogger);
    const config = loadConfig(schema, {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      SHUTDOWN_TIMEOUT_MS: '5000',
      NOTIFICATIONS_POLL_MS: '3600000',
      ...options.env,
    });
    const service = await startService(
      { ...notificationsModule({ signals: newSignals }), schema: database.schema },
      {
        config: config as never,
        logger: silentLogger,
        db: i === 0 ? database.db : database.connect(),
        bus,
        clock: systemClock,
        random: systemRandom,
        peers: { identity: identity.address },
        instanceId: `replica-${i}`,
        relayPollIntervalMs: 100,
      },
    );
    const client = createPromiseClient<NotificationsDefinition>(
      SERVICES.notifications.definition(),
      service.address,
      { defaultTimeoutMs: 20_000 },
    );
    replicas.push({ service, bus, client });
  }
  let sent = 0;
  const h = {
    database,
    replicas,
    client: replicas[0]!.client,
    /** Delivers one event to a replica (round robin unless told) through its bus and inbox. */
    async send<T extends Topic>(
      topic: T,
      payload: EventInput<T>,
      options: { eventId?: string; replica?: number } = {},
    ): Promise<string> {
      const eventId = options.eventId ?? randomUUID();
      const replica = replicas[options.replica ?? sent++ % replicas.length]!;
      await replica.bus.publish([eventMessage(topic, 'k', payload, { eventId })]);
      return eventId;
    },
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

export interface OpenStream {
  messages: SubscribeResponse__Output[];
  /** Notification ids received, in order. */
  ids(): number[];
  ended: Promise<grpc.StatusObject | grpc.ServiceError>;
  cancel(): void;
}

/** Opens Subscribe and records what arrives. */
export function subscribe(client: NotificationsClient, request: SubscribeRequest): OpenStream {
  const call = (
    client.raw as unknown as Record<
      string,
      (req: SubscribeRequest) => grpc.ClientReadableStream<SubscribeResponse__Output>
    >
  )['Subscribe']!.call(client.raw, request);
  const messages: SubscribeResponse__Output[] = [];
  call.on('data', (m: SubscribeResponse__Output) => messages.push(m));
  const ended = new Promise<grpc.StatusObject | grpc.ServiceError>((resolve) => {
    call.on('error', resolve);
    call.on('status', resolve);
  });
  return {
    messages,
    ids: () => messages.filter((m) => m.notification).map((m) => Number(m.notification!.id)),
    ended,
    cancel: () => call.cancel(),
  };
}

export async function eventually(check: () => void | Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
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
