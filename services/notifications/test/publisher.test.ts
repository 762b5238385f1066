import { describe, expect, it } from 'vitest';
import type { Tx } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import type { LiveChannel } from '../src/channel';
import type { Change } from '../src/domain/changes';
import { LivePublisher } from '../src/live/publisher';

/** A channel that records each message it is asked to publish. */
function recordingChannel(): LiveChannel & { messages: Change[][] } {
  const messages: Change[][] = [];
  return {
    messages,
    publish: async (changes) => {
      messages.push(changes);
    },
    listen: async () => {},
    close: async () => {},
  };
}

/** A transaction as the publisher sees it: only its outcome. */
function transaction(): { trx: Tx; commit: () => void; rollBack: () => void } {
  let commit = () => {};
  let rollBack = () => {};
  const executionPromise = new Promise<void>((resolve, reject) => {
    commit = resolve;
    rollBack = () => reject(new Error('rolled back'));
  });
  return { trx: { executionPromise } as unknown as Tx, commit, rollBack };
}

const balance = (userId: number, coins: number): Change => ({
  audience: 'LIVE_AUDIENCE_USER',
  userId,
  balance: { balance: coins, version: coins },
});

describe('LivePublisher', () => {
  it("publishes one transaction's changes as one message, in the order they were handed over", async () => {
    const channel = recordingChannel();
    const publisher = new LivePublisher({ channel, logger: silentLogger });
    const batch = transaction();
    publisher.afterCommit(batch.trx, () => [balance(1, 10)]);
    publisher.afterCommit(batch.trx, async () => [balance(2, 20), balance(1, 11)]);
    batch.commit();
    await publisher.flushed();
    expect(channel.messages).toEqual([[balance(1, 10), balance(2, 20), balance(1, 11)]]);
  });

  it('publishes nothing of a transaction that rolled back, and keeps the order of transactions', async () => {
    const channel = recordingChannel();
    const publisher = new LivePublisher({ channel, logger: silentLogger });
    const [first, failed, last] = [transaction(), transaction(), transaction()];
    publisher.afterCommit(first.trx, () => [balance(1, 1)]);
    publisher.afterCommit(failed.trx, () => [balance(1, 2)]);
    publisher.afterCommit(last.trx, () => [balance(1, 3)]);
    // Committed out of order: each still leaves in the order it was handed over.
    last.commit();
    failed.rollBack();
    first.commit();
    await publisher.flushed();
    expect(channel.messages).toEqual([[balance(1, 1)], [balance(1, 3)]]);
  });

  it("publishes changes handed over now, one after another, as one message, after a transaction's before them", async () => {
    const channel = recordingChannel();
    const publisher = new LivePublisher({ channel, logger: silentLogger });
    publisher.now(() => [balance(1, 1)]);
    await Promise.resolve();
    publisher.now(async () => [balance(2, 2)]);
    const batch = transaction();
    publisher.afterCommit(batch.trx, () => [balance(1, 3)]);
    publisher.now(() => [balance(2, 4)]);
    await Promise.resolve();
    publisher.now(() => [balance(1, 5)]);
    batch.commit();
    await publisher.flushed();
    expect(channel.messages).toEqual([
      [balance(1, 1), balance(2, 2)],
      [balance(1, 3)],
      [balance(2, 4), balance(1, 5)],
    ]);
  });
});
