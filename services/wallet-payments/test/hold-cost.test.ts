import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from '../src/use-cases/balances';
import { commitHold } from '../src/use-cases/commit-hold';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import {
  creditedEvents,
  expectLedgerOk,
  grantOrder,
  holdOrder,
  startWallet,
  type StartedWallet,
} from './support';

/**
 * What a hold and its commit (a trade's coins) cost the wallet's database (issue 41, "Cut the write
 * path's cost"). Counted, not timed: the statements on the ledger's tables in the use cases'
 * transactions (BEGIN, COMMIT and the outbox are the kit's).
 */
let w: StartedWallet;

beforeAll(async () => {
  w = await startWallet();
});
afterAll(async () => {
  await w.stop();
});

const LEDGER = /"?(accounts|holds|transactions|entries|review_holds)"?/;

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  // Inside a transaction only: the balance gauges read accounts on the same pool meanwhile.
  const listen = (query: { sql: string; __knexTxId?: string }) => {
    if (query.__knexTxId && LEDGER.test(query.sql)) statements.push(query.sql);
  };
  w.test.database.db.on('query', listen);
  try {
    return { result: await work(), statements };
  } finally {
    w.test.database.db.removeListener('query', listen);
  }
}

describe('the cost of a hold and its commit', () => {
  it('a hold is 5 ledger statements (6 before), its commit 5 (9 before), with the same outcome', async () => {
    await grant(w.deps, grantOrder('cost-seed', 60, 1_000));
    await grant(w.deps, grantOrder('cost-seed-61', 61, 1));

    const held = await counted(() => hold(w.deps, holdOrder('cost-1', 'user:60', 'user:61', 600, 15)));
    expect(held.result).toEqual({ holdKey: 'cost-1', status: 'held', fromBalance: 400 });
    expect(held.statements.length, held.statements.join('\n')).toBeLessThanOrEqual(5);
    expect(await getBalance(w.deps, 60)).toEqual({ userId: 60, coins: 400, heldCoins: 600 });

    const committed = await counted(() => commitHold(w.deps, 'cost-1'));
    expect(committed.result.status).toBe('committed');
    expect(committed.statements.length, committed.statements.join('\n')).toBeLessThanOrEqual(5);
    // The reservation is released in the row update that debits it: spendable stays 400.
    expect(await getBalance(w.deps, 60)).toEqual({ userId: 60, coins: 400, heldCoins: 0 });
    expect(await getBalance(w.deps, 61)).toEqual({ userId: 61, coins: 586, heldCoins: 0 });
    const credit = (await creditedEvents(w.test.database.db)).find((e) => e.reference === 'cost-1');
    expect(credit).toMatchObject({ userId: 61, amount: 585, balance: 586 });
    // A repeat answers the same transaction and writes nothing.
    expect(await commitHold(w.deps, 'cost-1')).toEqual(committed.result);
    await expectLedgerOk(w.deps);
  });
});
