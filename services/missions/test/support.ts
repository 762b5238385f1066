import { randomUUID } from 'node:crypto';
import {
  createPromiseClient,
  fixedClock,
  InProcessBus,
  Outbox,
  systemRandom,
  type PromiseClient,
} from '@touchline/kit';
import { eventMessage, silentLogger, startTestService } from '@touchline/kit/testing';
import { decodeEvent, SERVICES, type EventInput, type EventOutput, type Topic } from '@touchline/protos';
import type { MissionsDefinition } from '@touchline/protos/gen/touchline/missions/Missions';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { walletService } from '@touchline/wallet-payments';
import { EarnedBadges } from '../src/cache/earned-badges';
import { SmallestTeam } from '../src/cache/smallest-team';
import { BADGES } from '../src/catalogue/badges';
import { MISSIONS } from '../src/catalogue/missions';
import { missionsConfigSchema } from '../src/config';
import { createPeers } from '../src/peers';
import { missionsService } from '../src/service';
import type { MissionsDeps } from '../src/use-cases/deps';

/** Monday, November 23, 2026, 10:00 in New York (EST). */
export const MONDAY_10AM = '2026-11-23T15:00:00.000Z';

const HOUR = 3_600_000;

/**
 * A real missions service and a real wallet on one in-process bus, with a pinned clock. Events are
 * published straight onto the bus, as their producers' relays would, with ids the test chooses, so a
 * test can redeliver one or deliver several out of order.
 */
/** A market sale of card 1 at 200 coins, completed at `at`. */
export const saleOf = (
  buyerUserId: number,
  sellerUserId: number,
  at: string,
): EventInput<'market.sale.completed'> => ({
  saleId: randomUUID(),
  cardId: 1,
  playerId: 1,
  playerName: 'A Player',
  rarity: 'Common',
  sellerUserId,
  buyerUserId,
  price: 200,
  completedAt: at,
});

export async function startMissions(now = MONDAY_10AM) {
  const bus = new InProcessBus(silentLogger);
  const clock = fixedClock(now);
  const wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' } });
  const missions = await startTestService(missionsService, {
    bus,
    clock,
    // Background jobs stay out of the way: tests run the sweeper and the roster checks by hand.
    env: { CLAIM_SWEEP_INTERVAL_MS: '3600000', ROSTER_CHECK_INTERVAL_MS: '3600000' },
    peers: { 'wallet-payments': wallet.service.address, 'cards-market': '127.0.0.1:1' },
  });
  const client: PromiseClient<MissionsDefinition> = createPromiseClient<MissionsDefinition>(
    SERVICES.missions.definition(),
    missions.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  const walletClient = createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    wallet.service.address,
  );
  const peers = createPeers({ 'wallet-payments': wallet.service.address, 'cards-market': '127.0.0.1:1' });
  let nextUser = 1000;

  const h = {
    bus,
    clock,
    wallet,
    missions,
    client,
    walletClient,
    /** A fresh user id (users live in identity; missions only ever sees their ids). */
    user: () => ++nextUser,
    /** Use-case dependencies on the service's database, for calling a use case directly. */
    deps(overrides: Partial<MissionsDeps> = {}): MissionsDeps {
      return {
        db: missions.database.db,
        outbox: new Outbox(clock, systemRandom),
        clock,
        random: systemRandom,
        logger: silentLogger,
        config: missionsConfigSchema.parse({ CLAIM_STUCK_AFTER_MS: '1000' }),
        wallet: peers.wallet,
        cards: peers.cards,
        missions: MISSIONS,
        badges: BADGES,
        earnedBadges: new EarnedBadges(),
        smallestTeam: new SmallestTeam(),
        ...overrides,
      };
    },
    /** Delivers one event to every subscribed service and waits until they handled it. */
    async publish<T extends Topic>(
      topic: T,
      key: string,
      payload: EventInput<T>,
      eventId: string = randomUUID(),
    ): Promise<string> {
      await bus.publish([eventMessage(topic, key, payload, { eventId, occurredAt: clock.now() })]);
      return eventId;
    },
    /** The SQL texts missions sent to its database while `run` ran. */
    async statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
      const sql: string[] = [];
      const record = (query: { sql: string }) => sql.push(query.sql);
      missions.database.db.on('query', record);
      try {
        await run();
      } finally {
        missions.database.db.off('query', record);
      }
      return sql;
    },
    /**
     * Delivers events to missions as one fetched batch, as the Kafka bus hands them over: through
     * missions' batch handler and the inbox, in one transaction.
     */
    async publishTogether<T extends Topic>(topic: T, events: { key: string; payload: EventInput<T> }[]) {
      await bus.deliverAsOneFetch(
        'missions',
        events.map(({ key, payload }) => eventMessage(topic, key, payload, { occurredAt: clock.now() })),
      );
    },
    signUp: (userId: number, at: string) =>
      h.publish('identity.user.registered', String(userId), {
        userId,
        username: `player${userId}`,
        registeredAt: at,
      }),
    signIn: (userId: number, at: string, eventId?: string) =>
      h.publish('identity.user.logged_in', String(userId), { userId, loggedInAt: at }, eventId),
    sale: (buyerUserId: number, sellerUserId: number, at: string, eventId?: string) =>
      h.publish('market.sale.completed', '1', saleOf(buyerUserId, sellerUserId, at), eventId),
    packOpened: (userId: number, at: string, eventId?: string) =>
      h.publish(
        'cards.pack.opened',
        String(userId),
        { purchaseId: randomUUID(), userId, packId: 1, packName: 'Common Pack', openedAt: at },
        eventId,
      ),
    tradeAccepted: (fromUserId: number, toUserId: number, at: string) =>
      h.publish('trading.trade.accepted', '1', { offerId: 1, fromUserId, toUserId, acceptedAt: at }),
    stats: (userId: number, collectionValue: number, version: number, asOf: string, eventId?: string) =>
      h.publish(
        'leaderboard.stats.changed',
        String(userId),
        { userId, collectionValue, cardCount: 3, version, asOf },
        eventId,
      ),
    /** Events of one topic in the missions outbox, oldest first. */
    async events<T extends Topic>(topic: T): Promise<EventOutput<T>[]> {
      const rows = (await missions.database
        .db('outbox')
        .where({ topic })
        .orderBy('id')
        .select('payload')) as { payload: Uint8Array }[];
      return rows.map((row) => decodeEvent(topic, row.payload));
    },
    async mission(userId: number, missionId: number) {
      const { daily, weekly } = await client.ListMissions({ userId });
      return [...daily, ...weekly].find((m) => m.id === missionId)!;
    },
    async balance(userId: number): Promise<number> {
      return (await walletClient.GetBalance({ userId })).coins;
    },
    /** Moves the pinned clock by hours (negative goes back). */
    advanceHours(hours: number) {
      clock.advance(hours * HOUR);
    },
    async stop(): Promise<void> {
      client.close();
      walletClient.close();
      peers.close();
      await missions.stop();
      await wallet.stop();
    },
  };
  return h;
}

export type MissionsHarness = Awaited<ReturnType<typeof startMissions>>;

export { failure } from '@touchline/kit/testing';

export const key = () => randomUUID();
