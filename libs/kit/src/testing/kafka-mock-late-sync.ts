import { createRequire } from 'node:module';

/**
 * librdkafka's mock cluster (the stack's Kafka) completes a group's sync as soon as the leader's
 * SyncGroup brings every member's assignment, and answers a follower whose own SyncGroup comes
 * after that with INVALID_REQUEST instead of its assignment (rdkafka_mock_cgrp.c: check_state in
 * state UP). kafkajs takes that error as fatal: the first join rejects (the process exits) and a
 * rejoin crashes the consumer for good. It happens only with two members of a group at once, that
 * is with replicas, when the follower is slower than the leader (a loaded machine).
 *
 * The follower only needs to join again, as after REBALANCE_IN_PROGRESS: SyncGroup's
 * INVALID_REQUEST is turned into that, which kafkajs's joinAndSync retries (join, then sync).
 *
 * A real Kafka broker never answers so (it sends the follower its assignment), so this is applied
 * only where a process talks to the mock cluster: startKafkaMock() in the process that runs it, and a
 * service whose KAFKA_MOCK_CLUSTER is set by the launcher or the chaos run that started the mock
 * (runtime.ts). Production code paths never load this file.
 *
 * It replaces a method of kafkajs's private Broker (kafkajs/src/broker). kafkajs is pinned to
 * exactly kafkajs 2.2.4; test/patched-library-versions.test.ts fails when the installed version differs.
 * Upstream: the mock's group coordinator is rdkafka_mock_cgrp.c (confluentinc/librdkafka); no issue
 * about its answer to a late follower was found, and kafkajs is right to treat INVALID_REQUEST as fatal.
 */
interface BrokerInternals {
  syncGroup(...args: unknown[]): Promise<unknown>;
}

interface ProtocolErrorCtor {
  new (e: { message: string; type: string; code: number; retriable: boolean }): Error;
}

let applied = false;

export function applyMockClusterLateSyncFix(): void {
  if (applied) return;
  applied = true;
  const require = createRequire(__filename);
  const Broker = require('kafkajs/src/broker') as { prototype: BrokerInternals };
  const { KafkaJSProtocolError } = require('kafkajs/src/errors') as {
    KafkaJSProtocolError: ProtocolErrorCtor;
  };
  const original = Broker.prototype.syncGroup;
  Broker.prototype.syncGroup = async function (this: BrokerInternals, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      if ((error as { type?: string }).type !== 'INVALID_REQUEST') throw error;
      throw new KafkaJSProtocolError({
        message: `SyncGroup answered INVALID_REQUEST (a late follower on the mock cluster): joining again`,
        type: 'REBALANCE_IN_PROGRESS',
        code: 27,
        retriable: false,
      });
    }
  };
}
