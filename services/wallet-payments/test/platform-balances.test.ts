import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@touchline/kit';
import { foldPlatformBalanceChanges } from '../src/db/platform-balances';
import { grant } from '../src/use-cases/grant';
import { pay } from '../src/use-cases/pay';
import { post } from '../src/use-cases/post';
import { transfer } from '../src/use-cases/transfer';
import { transferEntries } from '../src/domain/posting';
import { accountBalance } from './cashout-support';
import {
  expectLedgerOk,
  grantOrder,
  holdOrder,
  startRacingWallet,
  transferOrder,
  type RacingWallet,
} from './support';

/**
 * Decision 0020: a posting appends a platform account's side instead of locking and moving its row,
 * and the wallet folds the changes into the row later. Run on Postgres (TEST_DATABASE_URL), the
 * first test fails on the wallet before it: the second payment waits for the first one's lock.
 */

let w: RacingWallet;

beforeAll(async () => {
  w = await startRacingWallet();
});
afterAll(async () => {
  await w.stop();
});

const platformRow = async (name: string) =>
  Number((await w.test.database.db('accounts').where({ name }).first('balance')).balance);
const platformBalance = (name: string) => accountBalance(w.test.database.db, name);
const waitingChanges = async () =>
  Number((await w.test.database.db('platform_balance_changes').count({ n: '*' }).first())!.n);

describe('platform accounts', () => {
  it('are no lock: a payment to the market goes through while another is still open', async () => {
    await grant(w.deps, grantOrder('pb-seed-1', 501, 1_000));
    await grant(w.deps, grantOrder('pb-seed-2', 502, 1_000));
    if (w.test.database.kind !== 'postgres') return; // PGlite runs one transaction at a time
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstPosted: () => void = () => {};
    const posted = new Promise<void>((resolve) => (firstPosted = resolve));
    const first = inTransaction(w.poolFor(1).db, async (trx) => {
      await post(w.poolFor(1), trx, {
        key: 'pb-open',
        fingerprint: 'pb-open',
        reason: 'market_buy',
        reference: '',
        entries: transferEntries({ from: 'user:501', to: 'platform:market', amount: 100, fee: 0 }),
      });
      firstPosted();
      await held;
    });
    await posted;
    const second = pay(w.poolFor(2), holdOrder('pb-second', 'user:502', 'platform:market', 40));
    const outcome = await Promise.race([
      second.then((answer) => answer.status),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
    ]);
    release();
    await first;
    await second;
    expect(outcome).toBe('committed');
    await expectLedgerOk(w.deps);
  });

  it('read with the changes not yet folded, and folding moves them into the row once', async () => {
    await foldPlatformBalanceChanges(w.test.database.db);
    const before = await platformBalance('platform:market');
    expect(await platformRow('platform:market')).toBe(before);
    await grant(w.deps, grantOrder('pb-seed-3', 503, 500));
    await transfer(w.deps, transferOrder('pb-buy-1', 'user:503', 'platform:market', 120));
    await transfer(w.deps, transferOrder('pb-buy-2', 'user:503', 'platform:market', 30));
    await transfer(w.deps, {
      ...transferOrder('pb-refund', 'platform:market', 'user:503', 50),
      reason: 'refund',
    });

    expect(await platformBalance('platform:market')).toBe(before + 100);
    expect(await platformRow('platform:market')).toBe(before);
    expect(await waitingChanges()).toBeGreaterThanOrEqual(4); // three market lines and the grant's mint line
    await expectLedgerOk(w.deps);

    expect(await foldPlatformBalanceChanges(w.test.database.db)).toBeGreaterThanOrEqual(4);
    expect(await waitingChanges()).toBe(0);
    expect(await platformRow('platform:market')).toBe(before + 100);
    expect(await platformBalance('platform:market')).toBe(before + 100);
    expect(await foldPlatformBalanceChanges(w.test.database.db)).toBe(0);
    await expectLedgerOk(w.deps);
  });

  it('answer a replayed transfer as the first time: the user’s coins, 0 for the platform', async () => {
    await grant(w.deps, grantOrder('pb-seed-4', 504, 500));
    const order = transferOrder('pb-replay', 'user:504', 'platform:market', 70);
    const first = await transfer(w.deps, order);
    expect(first).toMatchObject({ fromBalance: 430, toBalance: 0 });
    // Folded or not, the platform's balance is not read for the answer.
    await foldPlatformBalanceChanges(w.test.database.db);
    expect(await platformBalance('platform:market')).toBeGreaterThan(0);
    expect(await transfer(w.deps, order)).toEqual(first);
    await expectLedgerOk(w.deps);
  });

  it('fold while payments race on every pool and lose or double no coin', async () => {
    const users = Array.from({ length: 8 }, (_, i) => 600 + i);
    await Promise.all(users.map((u) => grant(w.deps, grantOrder(`pb-race-seed-${u}`, u, 1_000))));
    const before = await platformBalance('platform:market');
    const payments = Array.from({ length: 48 }, (_, i) =>
      pay(w.poolFor(i), holdOrder(`pb-race-${i}`, `user:${users[i % users.length]}`, 'platform:market', 10)),
    );
    const folds = Array.from({ length: 6 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 15)).then(() =>
        foldPlatformBalanceChanges(w.poolFor(i).db),
      ),
    );
    const answers = await Promise.all(payments);
    await Promise.all(folds);
    expect(answers.every((a) => a.status === 'committed')).toBe(true);
    expect(await platformBalance('platform:market')).toBe(before + 480);
    await expectLedgerOk(w.deps);
    await foldPlatformBalanceChanges(w.test.database.db);
    expect(await platformRow('platform:market')).toBe(before + 480);
    await expectLedgerOk(w.deps);
  });
});
