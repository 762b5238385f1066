import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from '../src/use-cases/balances';
import { commitHold } from '../src/use-cases/commit-hold';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import { pay } from '../src/use-cases/pay';
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

/** Pay: Hold and CommitHold in one call, also racing on separate pools (startRacingWallet). */
let w: RacingWallet;

beforeAll(async () => {
  w = await startRacingWallet();
});
afterAll(async () => {
  await w.stop();
});

const holdRow = (key: string) => w.test.database.db('holds').where({ hold_key: key }).first();

describe('Pay', () => {
  it('moves the coins at once (fee to profit), leaves nothing held, and answers the same again', async () => {
    await grant(w.deps, grantOrder('pay-seed-1', 201, 1_000));
    const first = await pay(w.deps, holdOrder('pay-1', 'user:201', 'user:202', 300, 30));
    expect(first).toMatchObject({ status: 'committed', fromBalance: 700 });
    expect(first.transactionId).toBeGreaterThan(0);
    expect(await getBalance(w.deps, 201)).toEqual({ userId: 201, coins: 700, heldCoins: 0 });
    expect((await getBalance(w.deps, 202)).coins).toBe(270);
    expect(await pay(w.deps, holdOrder('pay-1', 'user:201', 'user:202', 300, 30))).toEqual(first);
    expect((await getBalance(w.deps, 201)).coins).toBe(700);
    expect((await creditedEvents(w.test.database.db)).filter((e) => e.userId === 202)).toHaveLength(1);
    // The key is a committed hold: CommitHold answers it, VoidHold cannot undo it.
    expect(await commitHold(w.deps, 'pay-1')).toEqual({
      status: 'committed',
      transactionId: first.transactionId,
    });
    await expect(voidHold(w.deps, voidOrder('pay-1'))).rejects.toMatchObject({
      message: 'Hold was committed',
    });
    await expect(pay(w.deps, holdOrder('pay-1', 'user:201', 'user:202', 301, 30))).rejects.toMatchObject({
      code: 'conflict',
    });
    await expectLedgerOk(w.deps);
  });

  it('without the coins records the refusal under the key: later coins do not revive it', async () => {
    await grant(w.deps, grantOrder('pay-seed-2', 203, 100));
    const refused = await pay(w.deps, holdOrder('pay-2', 'user:203', 'user:204', 150));
    expect(refused).toEqual({
      status: 'voided',
      transactionId: 0,
      fromBalance: 100,
      voidReason: 'Not enough coins',
    });
    expect(await holdRow('pay-2')).toMatchObject({ status: 'voided', void_reason: 'Not enough coins' });
    await grant(w.deps, grantOrder('pay-seed-2b', 203, 100));
    expect((await pay(w.deps, holdOrder('pay-2', 'user:203', 'user:204', 150))).status).toBe('voided');
    expect((await hold(w.deps, holdOrder('pay-2', 'user:203', 'user:204', 150))).status).toBe('voided');
    await expect(commitHold(w.deps, 'pay-2')).rejects.toMatchObject({ message: 'Hold was voided' });
    expect(await getBalance(w.deps, 203)).toEqual({ userId: 203, coins: 200, heldCoins: 0 });
    await expectLedgerOk(w.deps);
  });

  it('commits a hold that Hold left held (a sale that started before the upgrade)', async () => {
    await grant(w.deps, grantOrder('pay-seed-3', 205, 500));
    await hold(w.deps, holdOrder('pay-3', 'user:205', 'user:206', 200, 20));
    const paid = await pay(w.deps, holdOrder('pay-3', 'user:205', 'user:206', 200, 20));
    expect(paid).toMatchObject({ status: 'committed', fromBalance: 300 });
    expect(await getBalance(w.deps, 205)).toEqual({ userId: 205, coins: 300, heldCoins: 0 });
    expect((await getBalance(w.deps, 206)).coins).toBe(180);
    await expectLedgerOk(w.deps);
  });

  it('the same key fired 10 times at once pays once', async () => {
    await grant(w.deps, grantOrder('pay-seed-4', 207, 1_000));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pay(w.poolFor(i), holdOrder('pay-4', 'user:207', 'user:208', 100, 10)),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.every((r) => r.status === 'committed')).toBe(true);
    expect((await getBalance(w.deps, 207)).coins).toBe(900);
    expect((await getBalance(w.deps, 208)).coins).toBe(90);
    await expectLedgerOk(w.deps);
  });

  it('20 keys at once against a balance that covers 5, beside transfers: exactly the funded ones pay', async () => {
    await grant(w.deps, grantOrder('pay-seed-5', 209, 700));
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) =>
        pay(w.poolFor(i), holdOrder(`pay-5-${i}`, 'user:209', `user:${300 + i}`, 100, 10)),
      ),
      transfer(w.poolFor(1), transferOrder('pay-5-t1', 'user:209', 'user:210', 100)),
      transfer(w.poolFor(2), transferOrder('pay-5-t2', 'user:209', 'user:210', 100)),
    ]);
    const paid = results.filter(
      (r) => r.status === 'fulfilled' && 'status' in r.value && r.value.status === 'committed',
    );
    const transferred = results.filter((r) => r.status === 'fulfilled' && !('status' in r.value));
    expect(paid.length + transferred.length).toBe(7);
    for (let i = 0; i < 20; i++) {
      const row = await holdRow(`pay-5-${i}`);
      expect(['committed', 'voided']).toContain(row.status);
    }
    expect(await getBalance(w.deps, 209)).toEqual({ userId: 209, coins: 0, heldCoins: 0 });
    await expectLedgerOk(w.deps);
  });

  it('Pay racing VoidHold on one key: either the coins moved and the void fails, or nothing moved', async () => {
    await grant(w.deps, grantOrder('pay-seed-6', 211, 10_000));
    let paidRounds = 0;
    for (let round = 0; round < 10; round++) {
      const key = `pay-6-${round}`;
      const [paid, voided] = await Promise.allSettled([
        pay(w.poolFor(round), holdOrder(key, 'user:211', 'user:212', 100, 10)),
        voidHold(w.poolFor(round + 1), voidOrder(key)),
      ]);
      const row = await holdRow(key);
      if (row.status === 'committed') {
        paidRounds++;
        expect(paid).toMatchObject({ status: 'fulfilled', value: { status: 'committed' } });
        expect(voided).toMatchObject({ status: 'rejected', reason: { message: 'Hold was committed' } });
      } else {
        expect(row.status).toBe('voided');
        expect(paid).toMatchObject({ status: 'fulfilled', value: { status: 'voided', transactionId: 0 } });
        expect(voided).toMatchObject({ status: 'fulfilled' });
      }
    }
    expect(await getBalance(w.deps, 211)).toEqual({
      userId: 211,
      coins: 10_000 - 100 * paidRounds,
      heldCoins: 0,
    });
    expect((await getBalance(w.deps, 212)).coins).toBe(90 * paidRounds);
    await expectLedgerOk(w.deps);
  });
});
