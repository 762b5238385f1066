import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from '../src/use-cases/balances';
import { commitHold } from '../src/use-cases/commit-hold';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import { transfer } from '../src/use-cases/transfer';
import { voidHold } from '../src/use-cases/void-hold';
import {
  creditedEvents,
  expectLedgerOk,
  grantOrder,
  holdOrder,
  startRacingWallet,
  transferOrder,
  voidOrder,
  type RacingWallet,
} from './support';

/**
 * Concurrency, on the racing wallet's pools (startRacingWallet): on Postgres only the row locks and
 * constraints keep the transactions below apart.
 */

let w: RacingWallet;

beforeAll(async () => {
  w = await startRacingWallet();
});
afterAll(async () => {
  await w.stop();
});

/** Settles every call and sorts the outcomes into answers and error messages. */
async function settle<T>(
  calls: Promise<T>[],
): Promise<{ ok: T[]; errors: { code: string; message: string }[] }> {
  const results = await Promise.allSettled(calls);
  return {
    ok: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    errors: results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code: string; message: string }] : [],
    ),
  };
}

describe('races', () => {
  it('20 concurrent transfers against a balance that covers 5: exactly 5 succeed', async () => {
    await grant(w.deps, grantOrder('race-seed-1', 1, 500));
    // Watch the balance while the race runs: it must never be seen below zero.
    let watching = true;
    const seen: number[] = [];
    const watcher = (async () => {
      while (watching) seen.push((await getBalance(w.pools[3]!, 1)).coins);
    })();
    const { ok, errors } = await settle(
      Array.from({ length: 20 }, (_, i) =>
        transfer(w.poolFor(i), transferOrder(`race-t-${i}`, 'user:1', `user:${100 + i}`, 100, 10)),
      ),
    );
    watching = false;
    await watcher;
    expect(ok).toHaveLength(5);
    expect(errors).toHaveLength(15);
    expect(errors.every((e) => e.code === 'business_rule' && e.message === 'Not enough coins')).toBe(true);
    expect(ok.map((r) => r.fromBalance).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
    expect(await getBalance(w.deps, 1)).toEqual({ userId: 1, coins: 0, heldCoins: 0 });
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    await expectLedgerOk(w.deps);
  });

  it('the same Grant key fired 10 times at once posts once', async () => {
    const { ok, errors } = await settle(
      Array.from({ length: 10 }, (_, i) => grant(w.poolFor(i), grantOrder('race-grant', 2, 777))),
    );
    expect(errors).toEqual([]);
    expect(new Set(ok.map((r) => r.transactionId)).size).toBe(1);
    expect(await getBalance(w.deps, 2)).toEqual({ userId: 2, coins: 777, heldCoins: 0 });
    const db = w.test.database.db;
    const transactions = await db('transactions').where({ idempotency_key: 'race-grant' }).count({ n: '*' });
    expect(Number(transactions[0]!.n)).toBe(1);
    expect((await creditedEvents(db)).filter((e) => e.userId === 2)).toHaveLength(1);
    await expectLedgerOk(w.deps);
  });

  it('CommitHold racing VoidHold on one key: one outcome wins, every loser gets the conflict', async () => {
    await grant(w.deps, grantOrder('race-seed-3', 3, 10_000));
    let committedRounds = 0;
    for (let round = 0; round < 10; round++) {
      const key = `race-hold-${round}`;
      await hold(w.deps, holdOrder(key, 'user:3', 'user:4', 100, 10));
      const calls = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? commitHold(w.poolFor(i), key).then(() => 'committed' as const)
          : voidHold(w.poolFor(i), voidOrder(key)).then(() => 'voided' as const),
      );
      const { ok, errors } = await settle(calls);
      const winner = ok[0]!;
      expect(ok).toEqual(Array.from({ length: 5 }, () => winner));
      expect(errors).toHaveLength(5);
      const expected = winner === 'committed' ? 'Hold was committed' : 'Hold was voided';
      expect(errors.every((e) => e.code === 'conflict' && e.message === expected)).toBe(true);
      if (winner === 'committed') committedRounds++;
      expect((await w.test.database.db('holds').where({ hold_key: key }).first()).status).toBe(winner);
    }
    expect(await getBalance(w.deps, 3)).toEqual({
      userId: 3,
      coins: 10_000 - 100 * committedRounds,
      heldCoins: 0,
    });
    expect((await getBalance(w.deps, 4)).coins).toBe(90 * committedRounds);
    await expectLedgerOk(w.deps);
  });

  it('the same Hold key fired 10 times together with its VoidHold: at most one reservation, then none', async () => {
    await grant(w.deps, grantOrder('race-seed-10', 10, 1_000));
    for (let round = 0; round < 5; round++) {
      const key = `race-hold-void-${round}`;
      const calls = Array.from({ length: 11 }, (_, i) =>
        i === 5
          ? voidHold(w.poolFor(i), voidOrder(key)).then((r) => r.status)
          : hold(w.poolFor(i), holdOrder(key, 'user:10', 'user:11', 400)).then((r) => r.status),
      );
      const { ok, errors } = await settle(calls);
      expect(errors).toEqual([]);
      expect(ok.every((s) => s === 'held' || s === 'voided')).toBe(true);
      expect(await getBalance(w.deps, 10)).toEqual({ userId: 10, coins: 1_000, heldCoins: 0 });
      await expect(commitHold(w.deps, key)).rejects.toMatchObject({ message: 'Hold was voided' });
    }
    await expectLedgerOk(w.deps);
  });

  it('transfers in both directions between two users at once neither deadlock nor lose coins', async () => {
    await grant(w.deps, grantOrder('race-seed-5', 5, 1_000));
    await grant(w.deps, grantOrder('race-seed-6', 6, 1_000));
    const { ok, errors } = await settle(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? transfer(w.poolFor(i), transferOrder(`race-ab-${i}`, 'user:5', 'user:6', 10, 1))
          : transfer(w.poolFor(i), transferOrder(`race-ba-${i}`, 'user:6', 'user:5', 10, 1)),
      ),
    );
    expect(errors).toEqual([]);
    expect(ok).toHaveLength(30);
    // 15 each way: each side paid 150 and received 135.
    expect((await getBalance(w.deps, 5)).coins).toBe(985);
    expect((await getBalance(w.deps, 6)).coins).toBe(985);
    await expectLedgerOk(w.deps);
  });

  it('a hold and a transfer competing for the same coins: only one gets them', async () => {
    await grant(w.deps, grantOrder('race-seed-7', 7, 100));
    const { ok, errors } = await settle<unknown>([
      hold(w.poolFor(0), holdOrder('race-hold-vs-transfer', 'user:7', 'user:8', 60)),
      transfer(w.poolFor(1), transferOrder('race-transfer-vs-hold', 'user:7', 'user:8', 60)),
    ]);
    expect(ok).toHaveLength(1);
    expect(errors).toEqual([expect.objectContaining({ message: 'Not enough coins' })]);
    const balance = await getBalance(w.deps, 7);
    expect(balance.coins).toBe(40);
    await expectLedgerOk(w.deps);
  });
});

describe('database guards', () => {
  it('the CHECK constraint refuses a direct UPDATE that would make a user balance negative', async () => {
    const db = w.test.database.db;
    await grant(w.deps, grantOrder('guard-seed', 9, 50));
    await expect(db('accounts').where({ name: 'user:9' }).update({ balance: -1 })).rejects.toMatchObject({
      code: '23514',
      message: expect.stringContaining('accounts_user_not_negative'),
    });
    // Reserving more than the balance is refused the same way.
    await expect(db('accounts').where({ name: 'user:9' }).update({ held: 51 })).rejects.toMatchObject({
      code: '23514',
    });
    // Platform accounts are allowed below zero: the mint is minus every coin in circulation.
    const mint = await db('account_balances').where({ name: 'platform:mint' }).first();
    expect(Number(mint.balance)).toBeLessThan(0);
    expect((await getBalance(w.deps, 9)).coins).toBe(50);
  });

  it('refuses a transaction whose entries do not sum to zero, at commit', async () => {
    const db = w.test.database.db;
    await expect(
      db.transaction(async (trx) => {
        const [row] = (await trx('transactions')
          .insert({
            idempotency_key: 'guard-unbalanced',
            fingerprint: 'x',
            reason: 'test',
            created_at: new Date(),
          })
          .returning('id')) as { id: number }[];
        await trx('entries').insert({
          transaction_id: row!.id,
          account: 'platform:market',
          amount: 5,
          created_at: new Date(),
        });
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringContaining('does not balance') });
    expect(await db('transactions').where({ idempotency_key: 'guard-unbalanced' }).first()).toBeUndefined();
  });

  it('keeps entries and transactions append-only', async () => {
    const db = w.test.database.db;
    await expect(
      db('entries').where({ account: 'user:9' }).update({ amount: 1_000_000 }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('append-only'),
    });
    await expect(db('transactions').where({ idempotency_key: 'guard-seed' }).delete()).rejects.toMatchObject({
      message: expect.stringContaining('append-only'),
    });
    await expectLedgerOk(w.deps);
  });
});
