/**
 * EventBus over Kafka (kafkajs), used when KAFKA_BROKERS is set.
 *
 * Guarantees, matching bus.ts: at-least-once delivery with per-key order per consumer group.
 * - Producer: acks=all and one request in flight per broker, so a retried request can never overtake a later
 *   one and reorder a key's messages. Deliberately not idempotent, and no admin/controller calls at all (the
 *   librdkafka mock used in tests reports controller id 0): duplicates from retries are absorbed by the
 *   consumers' inbox.
 * - Topics are declared by the platform, never auto-created by clients (a typo must fail loudly).
 * - Consumer: one consumer group per Subscription. A throwing handler leaves its offset uncommitted and
 *   kafkajs redelivers the same message (with capped exponential backoff, forever), so later messages of
 *   the partition, and therefore of the key, wait behind it. A subscription with a batchHandler gets the
 *   messages of one fetch of a partition together (in chunks); a chunk that fails is handled again one
 *   message at a time, so a bad message still stops only itself and what follows it.
 */
import kafkajs from 'kafkajs';
import { consumerOffsetLag } from '../metrics/catalog';
import type {
  Consumer,
  ConsumerConfig,
  EachBatchPayload,
  EachMessagePayload,
  KafkaMessage,
  IHeaders,
  Kafka,
  LogEntry,
  Message,
  Producer,
  TopicMessages,
} from 'kafkajs';

import type { BusMessage, EventBus, Subscription } from './bus';
import { applyKafkajsIdleFix } from './kafkajs-idle-fix';
import { coalesce } from './coalesce';

// kafkajs is CommonJS and spreads its error classes into module.exports, which Node's ESM named-export
// detection cannot see: read them from the default export.
const { Kafka: KafkaClient, KafkaJSError, Partitioners, logLevel } = kafkajs;

export interface KafkaBusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger: KafkaBusLogger;
  /** Longest a fetch waits on an idle partition: bounds delivery latency. Default 500 ms. */
  maxWaitTimeInMs?: number;
  /** Retries of client operations (connect, metadata, produce). kafkajs defaults: 5 retries from 300 ms. */
  retry?: { retries?: number; initialRetryTime?: number; maxRetryTime?: number };
  /** Backoff between redeliveries of a message whose handler threw. Retried forever. */
  redelivery?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Group membership timings (ms). maxDelayMs must stay below sessionTimeout. */
  sessionTimeout?: number;
  heartbeatInterval?: number;
  rebalanceTimeout?: number;
  /**
   * How long subscribe() waits for the consumer to connect and join its group. Default: twice the session
   * timeout plus the rebalance timeout plus 10 s. A member restarted after a crash can only join once the
   * broker has given up on its dead predecessor's session; on librdkafka's mock that took about twice the
   * session timeout (61 s with a 31 s session).
   */
  joinTimeoutMs?: number;
  /**
   * Partitions handled in parallel by a subscription without a batchHandler; order still holds within
   * each partition. Default 1. (A batchHandler gets all the partitions of a fetch in one call.)
   */
  partitionsConsumedConcurrently?: number;
}

const DEFAULTS = {
  maxWaitTimeInMs: 500,
  sessionTimeout: 30_000,
  heartbeatInterval: 3_000,
  rebalanceTimeout: 10_000,
  joinMarginMs: 10_000,
  redeliveryInitialDelayMs: 200,
  redeliveryMaxDelayMs: 10_000,
} as const;

/** Most messages a batchHandler gets at once: bounds one transaction when a consumer catches up on a backlog. */
const MAX_BATCH = 100;

/**
 * Partitions a consumer hands out at once. With a batchHandler the batches of all of a fetch's
 * partitions are joined into one call (coalesce), so they are all handed out together: more workers
 * than a service has partitions, and still one transaction at a time.
 */
function consumerConcurrency(subscription: Subscription, options: KafkaBusOptions): number {
  if (subscription.batchHandler) return COALESCED_PARTITIONS;
  return options.partitionsConsumedConcurrently ?? 1;
}
const COALESCED_PARTITIONS = 256;

/** See KafkaBusOptions.joinTimeoutMs. */
function joinTimeoutOf(options: KafkaBusOptions): number {
  return (
    options.joinTimeoutMs ??
    2 * (options.sessionTimeout ?? DEFAULTS.sessionTimeout) +
      (options.rebalanceTimeout ?? DEFAULTS.rebalanceTimeout) +
      DEFAULTS.joinMarginMs
  );
}

export function createKafkaBus(options: KafkaBusOptions): EventBus {
  applyKafkajsIdleFix();
  const { logger } = options;
  const kafka = new KafkaClient({
    clientId: options.clientId,
    brokers: options.brokers,
    retry: options.retry,
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => routeLog(logger, entry),
  });
  const consumers = new Set<ManagedConsumer>();
  let producer: Promise<Producer> | undefined;
  let closing: Promise<void> | undefined;
  // Aborted by close(): a subscribe() still waiting for its group join gives up at once.
  const closed = new AbortController();

  function assertOpen(): void {
    if (closing) throw new Error('event bus is closed');
  }

  /** Connects on first publish only; a failed connect is forgotten so the next publish tries again. */
  function connectedProducer(): Promise<Producer> {
    if (!producer) {
      const created = newProducer(kafka);
      const attempt = created.connect().then(() => created);
      attempt.catch(() => {
        if (producer === attempt) producer = undefined;
      });
      producer = attempt;
    }
    return producer;
  }

  return {
    async publish(messages) {
      assertOpen();
      if (messages.length === 0) return;
      const connected = await connectedProducer();
      await connected.sendBatch({ acks: -1, topicMessages: groupByTopic(messages) });
    },

    async subscribe(subscription) {
      assertOpen();
      let abandoned = false;
      const active = () => !abandoned && !closed.signal.aborted;
      const managed = manageConsumer(kafka, subscription, options, logger, active);
      consumers.add(managed);
      try {
        await startConsumer(managed, subscription, options, logger, closed.signal);
      } catch (error) {
        abandoned = true;
        // Not awaited: stopping may wait out a join in flight (seconds), and the caller should hear about the
        // failure now. close() still waits for it while it is in the set.
        void managed.stop().finally(() => consumers.delete(managed));
        throw error;
      }
    },

    close() {
      if (!closing) {
        closed.abort();
        closing = closeAll([...consumers], producer, logger);
      }
      return closing;
    },
  };
}

function newProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: false,
    // One request in flight: a retried batch cannot land after a later one, so per-key order survives.
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // murmur2 on the key, like the Java clients; set explicitly so kafkajs does not warn about its v2 change.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
}

/** One entry per topic, in first-seen order, each keeping its messages' publish order. */
function groupByTopic(messages: BusMessage[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const { topic, key, value, headers } of messages) {
    let list = byTopic.get(topic);
    if (!list) byTopic.set(topic, (list = []));
    list.push({ key, value, headers });
  }
  return [...byTopic].map(([topic, list]) => ({ topic, messages: list }));
}

function consumerConfig(
  group: string,
  options: KafkaBusOptions,
  logger: KafkaBusLogger,
  active: () => boolean,
): ConsumerConfig {
  return {
    groupId: group,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: options.maxWaitTimeInMs ?? DEFAULTS.maxWaitTimeInMs,
    sessionTimeout: options.sessionTimeout ?? DEFAULTS.sessionTimeout,
    heartbeatInterval: options.heartbeatInterval ?? DEFAULTS.heartbeatInterval,
    rebalanceTimeout: options.rebalanceTimeout ?? DEFAULTS.rebalanceTimeout,
    retry: {
      // kafkajs re-runs a failed eachMessage through this retrier: never give up on a message (that would
      // skip it or stop the consumer), just back off up to the cap.
      retries: Number.MAX_SAFE_INTEGER,
      initialRetryTime: options.redelivery?.initialDelayMs ?? DEFAULTS.redeliveryInitialDelayMs,
      maxRetryTime: options.redelivery?.maxDelayMs ?? DEFAULTS.redeliveryMaxDelayMs,
      // Should the consumer still crash (e.g. brokers unreachable for long), rejoin rather than stay down;
      // unless it is being stopped, where a restart would leave a zombie member consuming after close().
      restartOnFailure: async (error) => {
        const restart = active();
        logger.error({ err: error, group, restart }, 'kafka consumer crashed');
        return restart;
      },
    },
  };
}

/** A kafkajs consumer and the way to really stop it. */
interface ManagedConsumer {
  consumer: Consumer;
  joins: JoinTracker;
  eachBatch: (payload: EachBatchPayload) => Promise<void>;
  /** Idempotent. */
  stop(): Promise<void>;
}

function manageConsumer(
  kafka: Kafka,
  subscription: Subscription,
  options: KafkaBusOptions,
  logger: KafkaBusLogger,
  active: () => boolean,
): ManagedConsumer {
  const { group } = subscription;
  const consumer = kafka.consumer(consumerConfig(group, options, logger, active));
  const joins = trackJoins(consumer);
  // Once stopping, refuse new deliveries (the handler in flight still finishes): the message stays
  // uncommitted and goes to whichever member owns the partition next.
  const eachMessage = async (payload: EachMessagePayload) => {
    if (!active()) throw new KafkaJSError('consumer is stopping', { retriable: true });
    await deliver(subscription, payload, logger);
  };
  // The partitions of one fetch arrive at once (see consumerConcurrency) and go to the batchHandler together.
  const batchHandler = subscription.batchHandler && coalesce(subscription.batchHandler, MAX_BATCH);
  // kafkajs's own auto-commit sends an OffsetCommit after every partition's batch, each carrying every
  // partition resolved so far: for a coalesced fetch of six partitions, six requests. Offsets resolved in
  // one turn are committed together instead, before eachBatch returns, as kafkajs would have.
  const commitResolved = coalesce<EachBatchPayload>(async ([payload]) => {
    const offsets = payload!.uncommittedOffsets();
    if (offsets.topics.length > 0) await payload!.commitOffsetsIfNecessary(offsets);
  }, Number.POSITIVE_INFINITY);
  const eachBatch = async (payload: EachBatchPayload) => {
    try {
      await handleBatch(payload);
    } catch (error) {
      // Keep what was handled before the failure (kafkajs commits it too), then let kafkajs redeliver.
      await commitResolved([payload]).catch(() => undefined);
      throw error;
    }
    await commitResolved([payload]);
  };
  // Offsets are resolved here, message by message or chunk by chunk, never for what was not handled.
  const handleBatch = async (payload: EachBatchPayload) => {
    await handleChunks(payload);
    const { topic, partition } = payload.batch;
    consumerOffsetLag.set({ group, topic, partition: String(partition) }, Number(payload.batch.offsetLag()));
  };
  const handleChunks = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
    const { topic, partition } = batch;
    for (let start = 0; start < batch.messages.length; start += MAX_BATCH) {
      if (!isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + MAX_BATCH);
      if (batchHandler) {
        if (!active()) throw new KafkaJSError('consumer is stopping', { retriable: true });
        const handled = await batchHandler(chunk.map((message) => toBusMessage(topic, message))).then(
          () => true,
          (error: unknown) => {
            logger.debug(
              { err: error, group, topic, partition },
              'event batch failed; handling it one by one',
            );
            return false;
          },
        );
        if (handled) {
          resolveOffset(chunk[chunk.length - 1]!.offset);
          await heartbeat();
          continue;
        }
      }
      for (const message of chunk) {
        if (!isRunning() || isStale()) return;
        await eachMessage({ topic, partition, message, heartbeat, pause: () => () => {} });
        resolveOffset(message.offset);
        await heartbeat();
      }
    }
  };
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    const settled = await joins.settled(joinTimeoutOf(options));
    if (!settled) logger.warn({ group }, 'kafka consumer still joining its group; disconnecting anyway');
    await consumer.disconnect();
  };
  return {
    consumer,
    joins,
    eachBatch,
    stop: () => (stopping ??= stop()),
  };
}

async function startConsumer(
  { consumer, joins, eachBatch }: ManagedConsumer,
  subscription: Subscription,
  options: KafkaBusOptions,
  logger: KafkaBusLogger,
  closed: AbortSignal,
): Promise<void> {
  // Listen before run(): the join can complete before run() resolves.
  const timeoutMs = joinTimeoutOf(options);
  const joined = waitForGroupJoin(consumer, subscription.group, timeoutMs, closed);
  const start = async () => {
    await consumer.connect();
    // A new group starts at the beginning: it must not miss events written before the service first ran
    // (unless it asks otherwise: a replica's listeners start at the newest events).
    await consumer.subscribe({
      topics: subscription.topics,
      fromBeginning: subscription.fromBeginning ?? true,
    });
    joins.runStarting();
    // Resolves only after the first join; errors in it surface through the CRASH event instead.
    await consumer.run({
      partitionsConsumedConcurrently: consumerConcurrency(subscription, options),
      eachBatchAutoResolve: false,
      autoCommit: false, // eachBatch commits (see manageConsumer)
      eachBatch,
    });
  };
  try {
    // Both, so that the timeout and close() cut short a slow connect, metadata lookup or join.
    await Promise.all([start(), joined.promise]);
    logger.info({ group: subscription.group, topics: subscription.topics }, 'kafka subscription live');
  } finally {
    joined.cancel();
  }
}

interface JoinTracker {
  /** Call right before consumer.run(). */
  runStarting(): void;
  /** Resolves true once no (re)start is between connecting and joining its group, false on timeout. */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * kafkajs's disconnect() returns at once while the consumer is between (re)starting and joining its group,
 * and the join then completes and the member keeps consuming after "disconnect". Track that window so stop
 * can wait it out. A (re)start connects its group (CONNECT) and ends with GROUP_JOIN or CRASH; a crash's
 * pending restart timer is cleared by disconnect() itself.
 */
function trackJoins(consumer: Consumer): JoinTracker {
  let running = false;
  let joining = false;
  let waiters: Array<() => void> = [];
  const setJoining = (value: boolean) => {
    joining = value;
    if (value) return;
    // GROUP_JOIN fires a few microtasks before kafkajs marks its runner running; waking on the next
    // macrotask lets disconnect() see (and stop) the running runner.
    for (const wake of waiters) setImmediate(wake);
    waiters = [];
  };
  // consumer.connect() emits CONNECT too, before run(): only later ones mark a (re)start.
  consumer.on(consumer.events.CONNECT, () => {
    if (running) setJoining(true);
  });
  consumer.on(consumer.events.GROUP_JOIN, () => setJoining(false));
  consumer.on(consumer.events.CRASH, () => setJoining(false));
  return {
    runStarting() {
      running = true;
      setJoining(true);
    },
    settled(timeoutMs) {
      if (!joining) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}

/** Settles on the first group join, a crash kafkajs will not restart from, the timeout, or close(). */
function waitForGroupJoin(
  consumer: Consumer,
  group: string,
  timeoutMs: number,
  closed: AbortSignal,
): { promise: Promise<void>; cancel(): void } {
  const cleanups: Array<() => void> = [];
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`consumer group ${group} did not join within ${timeoutMs} ms`)),
      timeoutMs,
    );
    cleanups.push(() => clearTimeout(timer));
    cleanups.push(consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    cleanups.push(
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) reject(payload.error);
      }),
    );
    const onClose = () => reject(new Error(`event bus closed while consumer group ${group} was joining`));
    closed.addEventListener('abort', onClose, { once: true });
    cleanups.push(() => closed.removeEventListener('abort', onClose));
  });
  // It may settle while connect()/subscribe() are still pending: never let that surface as unhandled.
  promise.catch(() => undefined);
  return { promise, cancel: () => cleanups.forEach((cleanup) => cleanup()) };
}

async function deliver(
  subscription: Subscription,
  payload: EachMessagePayload,
  logger: KafkaBusLogger,
): Promise<void> {
  const message = toBusMessage(payload.topic, payload.message);
  try {
    await subscription.handler(message);
  } catch (error) {
    logger.warn(
      {
        err: error,
        group: subscription.group,
        topic: payload.topic,
        partition: payload.partition,
        offset: payload.message.offset,
        key: message.key,
        eventId: message.headers['event-id'],
      },
      'event handler failed; the message will be redelivered',
    );
    throw redeliverable(error);
  }
}

/**
 * kafkajs only retries errors it deems retriable and treats TypeError and friends as fatal, which would stop
 * the consumer for good. Every handler failure is worth a redelivery, so wrap it in a retriable KafkaJSError
 * (which also stops kafkajs from logging it a second time).
 */
function redeliverable(error: unknown): Error {
  const cause = error instanceof Error ? error : new Error(String(error));
  // kafkajs reads `cause` from the metadata at runtime; its typings just omit it.
  const metadata = { retriable: true, cause };
  return new KafkaJSError(cause, metadata);
}

function toBusMessage(topic: string, message: KafkaMessage): BusMessage {
  return {
    topic,
    key: message.key?.toString('utf8') ?? '',
    value: message.value ?? Buffer.alloc(0),
    headers: decodeHeaders(message.headers),
  };
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    // Kafka allows repeated header names; like Java's lastHeader(), the last one wins.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) decoded[name] = value.toString();
  }
  return decoded;
}

/**
 * Consumers first (each finishes its in-flight handler and leaves its group; one stuck in redelivery backoff
 * finishes its current wait first), then the producer.
 */
async function closeAll(
  consumers: ManagedConsumer[],
  producer: Promise<Producer> | undefined,
  logger: KafkaBusLogger,
): Promise<void> {
  const results = await Promise.allSettled(consumers.map((managed) => managed.stop()));
  for (const result of results) {
    if (result.status === 'rejected') logger.warn({ err: result.reason }, 'kafka consumer disconnect failed');
  }
  const connected = await producer?.catch(() => undefined);
  await connected?.disconnect();
}

/** kafkajs log entries go to the service logger; the client is created at WARN so only WARN+ arrive. */
function routeLog(logger: KafkaBusLogger, { namespace, level, log }: LogEntry): void {
  const { message, ...fields } = log;
  const obj = { ...fields, component: `kafkajs${namespace ? `.${namespace}` : ''}` };
  if (level === logLevel.ERROR) logger.error(obj, message);
  else if (level === logLevel.WARN) logger.warn(obj, message);
  else if (level === logLevel.INFO) logger.info(obj, message);
  else logger.debug(obj, message);
}
