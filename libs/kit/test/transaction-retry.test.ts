import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetryableTransactionError, retryTransaction } from '../src/db/retry';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
const noJitter = () => 0;

describe('retryTransaction', () => {
  it('runs again after a deadlock or a serialization failure, and returns the result', async () => {
    const failures = [sqlError('40P01'), sqlError('40001')];
    let runs = 0;
    const result = await retryTransaction(
      async () => {
        runs++;
        const next = failures.shift();
        if (next) throw next;
        return 'done';
      },
      { random: noJitter },
    );
    expect(result).toBe('done');
    expect(runs).toBe(3);
  });

  it('throws any other error at once', async () => {
    let runs = 0;
    const unique = sqlError('23505');
    await expect(
      retryTransaction(async () => {
        runs++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });

  it('gives up after the last attempt with the last error', async () => {
    let runs = 0;
    await expect(
      retryTransaction(
        async () => {
          runs++;
          throw sqlError('40P01');
        },
        { attempts: 3, random: noJitter },
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(3);
  });

  it('knows the retryable SQLSTATEs only', () => {
    expect(isRetryableTransactionError(sqlError('40P01'))).toBe(true);
    expect(isRetryableTransactionError(sqlError('40001'))).toBe(true);
    expect(isRetryableTransactionError(sqlError('23505'))).toBe(false);
    expect(isRetryableTransactionError(new Error('x'))).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });
});

// On real Postgres (CI's run, TEST_DATABASE_URL) the two transactions below deadlock; each database's
// db.transaction retries the victim, so both commit. PGlite runs them one after the other.
describe('db.transaction of a kit database', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('kit_retry');
    await test.db.raw('create schema if not exists ??', [test.schema]);
    await test.db.schema.withSchema(test.schema).createTable('rows', (t) => {
      t.integer('id').primary();
      t.integer('n').notNullable();
    });
    await test.db
      .withSchema(test.schema)
      .table('rows')
      .insert([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ]);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('commits two transactions that lock the same rows in opposite orders', async () => {
    const other = test.connect();
    let bothLockedFirst!: () => void;
    const firstLocks = new Promise<void>((resolve) => (bothLockedFirst = resolve));
    let locked = 0;
    const bump = (db: typeof test.db, first: number, second: number) =>
      db.transaction(async (trx) => {
        await trx.withSchema(test.schema).table('rows').where({ id: first }).increment('n', 1);
        // The first attempts wait for each other, so each holds one row the other wants.
        if (++locked === 2) bothLockedFirst();
        if (locked <= 2 && test.kind === 'postgres') await firstLocks;
        await trx.withSchema(test.schema).table('rows').where({ id: second }).increment('n', 1);
      });
    await Promise.all([bump(test.db, 1, 2), bump(other, 2, 1)]);
    const rows = (await test.db.withSchema(test.schema).table('rows').orderBy('id')) as { n: number }[];
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
  });
});
