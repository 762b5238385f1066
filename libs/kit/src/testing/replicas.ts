import { randomUUID } from 'node:crypto';
import type { EventInput, Topic } from '@touchline/protos';
import { systemClock, systemRandom, type Clock } from '../clock';
import { InProcessBus } from '../events/in-process-bus';
import { startService, type RunningService, type ServiceModule } from '../service';
import type { TestDatabase } from './database';
import { eventMessage } from './event-message';
import { silentLogger, testServiceConfig } from './service';

export interface TestReplica {
  service: RunningService;
  /** The replica's own bus, as Kafka gives each replica its share of the partitions. */
  bus: InProcessBus;
}

/**
 * Replica `index` of a service over a database its replicas share: replica 0 on the database's own
 * pool, every other on a pool of its own, as a process of its own would have. Its instance id is
 * `replica-<index>`; peers not given are absent.
 */
export async function startReplica<C, H>(
  module: ServiceModule<C, H>,
  database: TestDatabase,
  index: number,
  options: { env?: Record<string, string>; clock?: Clock; peers?: Record<string, string> } = {},
): Promise<TestReplica> {
  const bus = new InProcessBus(silentLogger);
  const config = testServiceConfig(module, options.env);
  const service = await startService(
    { ...module, schema: database.schema },
    {
      config: config as never,
      logger: silentLogger,
      db: index === 0 ? database.db : database.connect(),
      bus,
      clock: options.clock ?? systemClock,
      random: systemRandom,
      peers: options.peers ?? {},
      instanceId: `replica-${index}`,
      relayPollIntervalMs: 100,
    },
  );
  return { service, bus };
}

/**
 * Delivers one event to a replica through its bus (and so its inbox), round robin over the replicas
 * unless told which; answers the event's id.
 */
export function replicaSender(replicas: readonly TestReplica[]) {
  let sent = 0;
  return async <T extends Topic>(
    topic: T,
    payload: EventInput<T>,
    options: { eventId?: string; replica?: number } = {},
  ): Promise<string> => {
    const eventId = options.eventId ?? randomUUID();
    const replica = replicas[options.replica ?? sent++ % replicas.length]!;
    await replica.bus.publish([eventMessage(topic, 'k', payload, { eventId })]);
    return eventId;
  };
}
