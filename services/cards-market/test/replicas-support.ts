/**
 * Two cards-market replicas on one database, each with its own bus as Kafka gives each replica its
 * share of the consumers' partitions, for the tests that show a price tick claimed by one replica
 * reaching the other (replicas.test.ts here, gateway/test/shared-answers-replicas.test.ts).
 */
import { expect, vi } from 'vitest';
import { fixedClock, listenerGroup, type InProcessBus } from '@touchline/kit';
import { startReplica, type TestDatabase, type TestReplica as Replica } from '@touchline/kit/testing';
import { cardsMarketService } from '../src/service';

export type { Replica };

type ReplicaClock = ReturnType<typeof fixedClock>;

/** Saturday: the market is closed and nothing ticks until tickOnReplicaZero sets the clock. */
export const replicaClock = (): ReplicaClock => fixedClock('2026-11-28T15:00:00Z');
/** Tuesday 10:02 ET, when the 10:00 tick is due. */
const TUESDAY_TICK = '2026-11-24T15:02:00Z';

/** A replica; `checkMs`: how often its price-tick job looks for a due tick. */
const startMarketReplica = (database: TestDatabase, clock: ReplicaClock, index: number, checkMs: number) =>
  startReplica(cardsMarketService, database, index, {
    env: { MARKET_HOURS: 'schedule', PRICE_TICK_CHECK_MS: String(checkMs) },
    clock,
    peers: { 'wallet-payments': '127.0.0.1:1' },
  });

/**
 * Replica 0 looks for a due tick every 50 ms, replica 1 once an hour: the tick is replica 0's. What
 * Kafka does: its tick event reaches replica 1's listener group, and each bus of `alsoTo` (other
 * consumer groups, as notifications').
 */
export async function startTwoReplicas(
  database: TestDatabase,
  clock: ReplicaClock,
  alsoTo: readonly InProcessBus[] = [],
): Promise<[Replica, Replica]> {
  const first = await startMarketReplica(database, clock, 0, 50);
  const second = await startMarketReplica(database, clock, 1, 3_600_000);
  await first.bus.subscribe({
    group: listenerGroup('cards-market', 'replica-1'),
    topics: ['market.prices.ticked'],
    handler: async (message) => {
      for (const bus of [second.bus, ...alsoTo]) await bus.publish([message]);
    },
  });
  return [first, second];
}

/**
 * Lets the Tuesday 10:00 tick fall due, waits up to `timeoutMs` for replica 0 to claim it, and sends
 * its event out of replica 0's outbox. Answers the prices the tick stored, by player id.
 */
export async function tickOnReplicaZero(
  database: TestDatabase,
  clock: ReplicaClock,
  replicas: readonly Replica[],
  timeoutMs: number,
): Promise<Map<number, number>> {
  clock.set(TUESDAY_TICK);
  await vi.waitFor(
    async () => expect(await database.db('ticks').count({ n: '*' }).first()).toMatchObject({ n: 1 }),
    { timeout: timeoutMs, interval: 50 },
  );
  await replicas[0]!.service.relay.flush();
  const rows = (await database.db('players').select('id', 'current_price')) as {
    id: number;
    current_price: number;
  }[];
  return new Map(rows.map((r) => [r.id, Number(r.current_price)]));
}
