import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance, getBalances } from '../src/use-cases/balances';
import { commitHold } from '../src/use-cases/commit-hold';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import { listLedgerEntries, verifyLedger } from '../src/use-cases/ledger';
import { transfer } from '../src/use-cases/transfer';
import { voidHold } from '../src/use-cases/void-hold';
import {
  creditedEvents,
  expectLedgerOk,
  grantOrder,
  holdOrder,
  startWallet,
  transferOrder,
  voidOrder,
  type StartedWallet,
} from './support';

let w: StartedWallet;

beforeAll(async () => {
  w = await startWallet();
});
afterAll(async () => {
  await w.stop();
});

const domainError = (code: string, message: string) => expect.objectContaining({ code, message });

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = (await w.test.database.db(table).where(where).count({ n: '*' }).first()) as { n: number };
  return Number(row.n);
}

describe('Grant', () => {
  it('mints coins to the user once per key', async () => {
    const first = await grant(w.deps, grantOrder('g-1', 1, 500));
    expect(first.coins).toBe(500);
    const again = await grant(w.deps, grantOrder('g-1', 1, 500));
    expect(again).toEqual(first);
    expect(await getBalance(w.deps, 1)).toEqual({ userId: 1, coins: 500, heldCoins: 0 });
    expect(await count('transactions', { idempotency_key: 'g-1' })).toBe(1);
    await expectLedgerOk(w.deps);
  });

  it('refuses the same key for another amount or user, and writes nothing', async () => {
    await expect(grant(w.deps, grantOrder('g-1', 1, 501))).rejects.toEqual(
      domainError('conflict', 'Idempotency key was used for another posting'),
    );
    await expect(grant(w.deps, grantOrder('g-1', 2, 500))).rejects.toMatchObject({ code: 'conflict' });
    expect((await getBalance(w.deps, 1)).coins).toBe(500);
    expect((await getBalance(w.deps, 2)).coins).toBe(0);
  });

  it('announces the credit once, with the balance afterwards', async () => {
    const { transactionId } = await grant(w.deps, {
      ...grantOrder('g-2', 3, 250),
      reason: 'mission',
      reference: 'claim-9',
    });
    await grant(w.deps, { ...grantOrder('g-2', 3, 250), reason: 'mission', reference: 'claim-9' });
    const events = (await creditedEvents(w.test.database.db)).filter(
      (e) => e.transactionId === transactionId,
    );
    expect(events).toEqual([
      expect.objectContaining({
        userId: 3,
        amount: 250,
        reason: 'mission',
        reference: 'claim-9',
        balance: 250,
      }),
    ]);
  });

  it('validates before touching the database', async () => {
    await expect(grant(w.deps, grantOrder('g-bad', 0, 10))).rejects.toMatchObject({ code: 'invalid' });
    await expect(grant(w.deps, grantOrder('g-bad', 1, 0))).rejects.toMatchObject({ code: 'invalid' });
    await expect(grant(w.deps, grantOrder('', 1, 10))).rejects.toMatchObject({ code: 'invalid' });
    await expect(grant(w.deps, { ...grantOrder('g-bad', 1, 10), reason: '' })).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await count('transactions', { idempotency_key: 'g-bad' })).toBe(0);
  });
});

describe('Transfer', () => {
  it('moves amount out of the sender, the fee to platform:profit, the rest to the recipient', async () => {
    await grant(w.deps, grantOrder('t-seed', 10, 1_000));
    const profitBefore = await w.test.database
      .db('account_balances')
      .where({ name: 'platform:profit' })
      .first();
    const result = await transfer(w.deps, transferOrder('t-1', 'user:10', 'user:11', 400, 40, 'sale-1'));
    expect(result).toMatchObject({ fromBalance: 600, toBalance: 360 });
    const again = await transfer(w.deps, transferOrder('t-1', 'user:10', 'user:11', 400, 40, 'sale-1'));
    expect(again).toEqual(result);
    const profitAfter = await w.test.database
      .db('account_balances')
      .where({ name: 'platform:profit' })
      .first();
    expect(Number(profitAfter.balance) - Number(profitBefore.balance)).toBe(40);
    const { entries } = await listLedgerEntries(w.deps, { account: '', reference: 'sale-1', page: null });
    expect(entries.map((e) => [e.account, e.amount]).sort()).toEqual(
      [
        ['platform:profit', 40],
        ['user:10', -400],
        ['user:11', 360],
      ].sort(),
    );
    expect(entries.every((e) => e.transactionId === result.transactionId && e.idempotencyKey === 't-1')).toBe(
      true,
    );
    await expectLedgerOk(w.deps);
  });

  it('refuses an overdraft with "Not enough coins" and writes nothing', async () => {
    const before = await count('entries');
    await expect(transfer(w.deps, transferOrder('t-over', 'user:10', 'user:11', 601))).rejects.toEqual(
      domainError('business_rule', 'Not enough coins'),
    );
    // A user the wallet has never seen has nothing to spend, and gets no account from the attempt.
    await expect(transfer(w.deps, transferOrder('t-none', 'user:404', 'user:11', 1))).rejects.toMatchObject({
      message: 'Not enough coins',
    });
    expect(await count('entries')).toBe(before);
    expect(await count('transactions', { idempotency_key: 't-over' })).toBe(0);
    expect(await count('accounts', { name: 'user:404' })).toBe(0);
    // The key was not used up by the refusal: it works once the coins are there.
    await grant(w.deps, grantOrder('t-topup', 10, 1));
    await expect(transfer(w.deps, transferOrder('t-over', 'user:10', 'user:11', 601))).resolves.toMatchObject(
      {
        fromBalance: 0,
      },
    );
  });

  it('lets platform accounts go negative (refunds out of the market) but never user accounts', async () => {
    const result = await transfer(w.deps, {
      ...transferOrder('t-refund', 'platform:market', 'user:12', 75),
      reason: 'refund',
    });
    expect(result.toBalance).toBe(75);
    // A platform account's balance is not read by a posting (decision 0020): the reply says 0.
    expect(result.fromBalance).toBe(0);
    const market = await w.test.database.db('account_balances').where({ name: 'platform:market' }).first();
    expect(Number(market.balance)).toBeLessThan(0);
    await expectLedgerOk(w.deps);
  });

  it('handles a fee of the whole amount and a transfer into platform:profit', async () => {
    await grant(w.deps, grantOrder('t-seed-2', 13, 100));
    expect(await transfer(w.deps, transferOrder('t-allfee', 'user:13', 'user:14', 30, 30))).toMatchObject({
      fromBalance: 70,
      toBalance: 0,
    });
    await transfer(w.deps, transferOrder('t-profit', 'user:13', 'platform:profit', 20, 5));
    expect((await getBalance(w.deps, 13)).coins).toBe(50);
    await expectLedgerOk(w.deps);
  });

  it('announces credits to users only', async () => {
    const { transactionId } = await transfer(w.deps, transferOrder('t-event', 'user:13', 'user:15', 10, 1));
    const events = (await creditedEvents(w.test.database.db)).filter(
      (e) => e.transactionId === transactionId,
    );
    expect(events).toEqual([expect.objectContaining({ userId: 15, amount: 9, reason: 'test', balance: 9 })]);
  });
});

describe('holds', () => {
  it('reserves, commits once and releases the reservation', async () => {
    await grant(w.deps, grantOrder('h-seed', 20, 1_000));
    expect(await hold(w.deps, holdOrder('h-1', 'user:20', 'user:21', 600, 15))).toEqual({
      holdKey: 'h-1',
      status: 'held',
      fromBalance: 400,
    });
    expect(await getBalance(w.deps, 20)).toEqual({ userId: 20, coins: 400, heldCoins: 600 });
    // Held coins are not spendable.
    await expect(transfer(w.deps, transferOrder('h-spend', 'user:20', 'user:22', 401))).rejects.toMatchObject(
      {
        message: 'Not enough coins',
      },
    );
    await expect(hold(w.deps, holdOrder('h-2', 'user:20', 'user:22', 401))).rejects.toMatchObject({
      message: 'Not enough coins',
    });
    await expectLedgerOk(w.deps);

    const committed = await commitHold(w.deps, 'h-1');
    expect(committed.status).toBe('committed');
    expect(await commitHold(w.deps, 'h-1')).toEqual(committed);
    expect(await getBalance(w.deps, 20)).toEqual({ userId: 20, coins: 400, heldCoins: 0 });
    expect(await getBalance(w.deps, 21)).toEqual({ userId: 21, coins: 585, heldCoins: 0 });
    expect(await hold(w.deps, holdOrder('h-1', 'user:20', 'user:21', 600, 15))).toMatchObject({
      status: 'committed',
    });
    await expect(voidHold(w.deps, voidOrder('h-1'))).rejects.toEqual(
      domainError('conflict', 'Hold was committed'),
    );
    await expectLedgerOk(w.deps);
  });

  it('voids once; a late commit fails and a late hold stays voided', async () => {
    await hold(w.deps, holdOrder('h-3', 'user:20', 'user:21', 100));
    expect((await getBalance(w.deps, 20)).heldCoins).toBe(100);
    expect(await voidHold(w.deps, voidOrder('h-3'))).toEqual({ status: 'voided' });
    expect(await voidHold(w.deps, voidOrder('h-3'))).toEqual({ status: 'voided' });
    expect(await getBalance(w.deps, 20)).toEqual({ userId: 20, coins: 400, heldCoins: 0 });
    await expect(commitHold(w.deps, 'h-3')).rejects.toEqual(domainError('conflict', 'Hold was voided'));
    expect(await hold(w.deps, holdOrder('h-3', 'user:20', 'user:21', 100))).toEqual({
      holdKey: 'h-3',
      status: 'voided',
      fromBalance: 400,
    });
    expect((await getBalance(w.deps, 20)).heldCoins).toBe(0);
    await expectLedgerOk(w.deps);
  });

  it('records a tombstone when a key is voided before it was held', async () => {
    expect(await voidHold(w.deps, voidOrder('h-early'))).toEqual({ status: 'voided' });
    expect(await hold(w.deps, holdOrder('h-early', 'user:20', 'user:21', 50))).toMatchObject({
      status: 'voided',
    });
    await expect(commitHold(w.deps, 'h-early')).rejects.toMatchObject({
      code: 'conflict',
      message: 'Hold was voided',
    });
    expect((await getBalance(w.deps, 20)).heldCoins).toBe(0);
    const row = await w.test.database.db('holds').where({ hold_key: 'h-early' }).first();
    expect(row).toMatchObject({
      status: 'voided',
      amount: 0,
      from_account: null,
      void_reason: 'saga failed',
    });
    await expectLedgerOk(w.deps);
  });

  it('refuses to commit an unknown key, to reuse a key for other terms, and holds of platform accounts', async () => {
    await expect(commitHold(w.deps, 'h-unknown')).rejects.toEqual(domainError('not_found', 'Hold not found'));
    await hold(w.deps, holdOrder('h-4', 'user:20', 'user:21', 10));
    await expect(hold(w.deps, holdOrder('h-4', 'user:20', 'user:21', 11))).rejects.toEqual(
      domainError('conflict', 'hold_key was used for another hold'),
    );
    expect(await hold(w.deps, holdOrder('h-4', 'user:20', 'user:21', 10))).toMatchObject({ status: 'held' });
    expect((await getBalance(w.deps, 20)).heldCoins).toBe(10);
    await expect(hold(w.deps, holdOrder('h-5', 'platform:market', 'user:21', 10))).rejects.toEqual(
      domainError('invalid', 'Only a user account can hold coins'),
    );
    await expect(hold(w.deps, holdOrder('h-6', 'user:20', 'user:20', 10))).rejects.toMatchObject({
      code: 'invalid',
    });
    await voidHold(w.deps, voidOrder('h-4'));
    await expectLedgerOk(w.deps);
  });

  it('an overdrawn hold leaves no row behind, so the key can be held later', async () => {
    await expect(hold(w.deps, holdOrder('h-7', 'user:23', 'user:21', 10))).rejects.toMatchObject({
      message: 'Not enough coins',
    });
    expect(await count('holds', { hold_key: 'h-7' })).toBe(0);
    await grant(w.deps, grantOrder('h-seed-23', 23, 10));
    expect(await hold(w.deps, holdOrder('h-7', 'user:23', 'user:21', 10))).toMatchObject({
      status: 'held',
      fromBalance: 0,
    });
    await commitHold(w.deps, 'h-7');
    expect(await getBalance(w.deps, 23)).toEqual({ userId: 23, coins: 0, heldCoins: 0 });
    await expectLedgerOk(w.deps);
  });
});

describe('reads', () => {
  it('answers 0 coins for users without an account, in the order asked', async () => {
    expect(await getBalance(w.deps, 999)).toEqual({ userId: 999, coins: 0, heldCoins: 0 });
    expect(await getBalances(w.deps, [21, 999, 1, 21])).toEqual({
      balances: [
        { userId: 21, coins: 585 + 10 },
        { userId: 999, coins: 0 },
        { userId: 1, coins: 500 },
        { userId: 21, coins: 595 },
      ],
    });
  });

  it('pages through an account newest first', async () => {
    for (let i = 1; i <= 5; i++) await grant(w.deps, grantOrder(`p-${i}`, 30, i));
    const first = await listLedgerEntries(w.deps, {
      account: 'user:30',
      reference: '',
      page: { pageSize: 2, cursor: '' },
    });
    expect(first.entries.map((e) => e.amount)).toEqual([5, 4]);
    const second = await listLedgerEntries(w.deps, {
      account: 'user:30',
      reference: '',
      page: { pageSize: 2, cursor: first.nextCursor },
    });
    expect(second.entries.map((e) => e.amount)).toEqual([3, 2]);
    const third = await listLedgerEntries(w.deps, {
      account: 'user:30',
      reference: '',
      page: { pageSize: 2, cursor: second.nextCursor },
    });
    expect(third.entries.map((e) => e.amount)).toEqual([1]);
    expect(third.nextCursor).toBe('');
    expect(third.entries[0]).toMatchObject({ account: 'user:30', reason: 'test', idempotencyKey: 'p-1' });
    expect(Date.parse(third.entries[0]!.createdAt)).not.toBeNaN();
    await expect(
      listLedgerEntries(w.deps, { account: 'bank', reference: '', page: null }),
    ).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('VerifyLedger', () => {
  it('finds a cached balance or reservation that drifted from the entries and holds', async () => {
    const db = w.test.database.db;
    await db('accounts').where({ name: 'user:1' }).increment('balance', 5);
    await db('accounts').where({ name: 'user:1' }).increment('held', 3);
    try {
      const report = await verifyLedger(w.deps);
      expect(report.ok).toBe(false);
      expect(report.total).toBe(0);
      expect(report.mismatches).toEqual([
        { account: 'user:1', storedBalance: 505, derivedBalance: 500 },
        { account: 'user:1:held', storedBalance: 3, derivedBalance: 0 },
      ]);
    } finally {
      await db('accounts').where({ name: 'user:1' }).update({ balance: 500, held: 0 });
    }
    await expectLedgerOk(w.deps);
  });
});
