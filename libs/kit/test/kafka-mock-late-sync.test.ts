import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { applyMockClusterLateSyncFix } from '../src/testing/kafka-mock-late-sync';

const require = createRequire(__filename);
const Broker = require('kafkajs/src/broker') as {
  prototype: { syncGroup(...args: unknown[]): Promise<unknown>; lookupRequest(...args: unknown[]): unknown };
};
const { isRebalancing } = require('kafkajs/src/errors') as { isRebalancing(e: unknown): boolean };
const { createErrorFromCode } = require('kafkajs/src/protocol/error') as {
  createErrorFromCode(code: number): Error & { type: string };
};

/** A broker whose SyncGroup request answers with the given Kafka error code (0: the assignment). */
function brokerAnswering(code: number) {
  const broker = Object.create(Broker.prototype) as typeof Broker.prototype & {
    [key: string | symbol]: unknown;
  };
  broker.lookupRequest = () => () => ({});
  broker[Object.getOwnPropertySymbols(Broker.prototype).find((s) => String(s).includes('sendRequest'))!] =
    async () => {
      if (code !== 0) throw createErrorFromCode(code);
      return { memberAssignment: Buffer.alloc(0) };
    };
  return broker;
}

describe("kafkajs and the mock cluster's late follower", () => {
  it('turns SyncGroup INVALID_REQUEST into a rebalance, which kafkajs answers by joining again', async () => {
    applyMockClusterLateSyncFix();
    const error = await brokerAnswering(42)
      .syncGroup({ groupId: 'g', generationId: 1, memberId: 'm', groupAssignment: [] })
      .catch((e: unknown) => e);
    expect(isRebalancing(error), String(error)).toBe(true);
  });

  it('leaves other errors and answers alone', async () => {
    applyMockClusterLateSyncFix();
    const error = (await brokerAnswering(25)
      .syncGroup({ groupId: 'g', generationId: 1, memberId: 'm', groupAssignment: [] })
      .catch((e: unknown) => e)) as { type: string };
    expect(error.type).toBe('UNKNOWN_MEMBER_ID');
    expect(
      await brokerAnswering(0).syncGroup({
        groupId: 'g',
        generationId: 1,
        memberId: 'm',
        groupAssignment: [],
      }),
    ).toEqual({ memberAssignment: Buffer.alloc(0) });
  });
});
