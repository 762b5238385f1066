import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Outbox, systemRandom, type Clock } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { decodeEvent, type EventOutput, type Topic } from '@touchline/protos';
import { findCoinPackage } from '../src/domain/coin-packages';
import type { PaymentsMode } from '../src/domain/payment-mode';
import { creditPurchaseIn } from '../src/use-cases/credit-purchase';
import type { WalletDeps } from '../src/use-cases/deps';
import { grant } from '../src/use-cases/grant';

/** Use-case dependencies at `clock`; a test deployment (test payments back cash-outs) unless told live. */
export function depsAt(db: Knex, clock: Clock, paymentsMode: PaymentsMode = 'test'): WalletDeps {
  return {
    db,
    outbox: new Outbox(clock, systemRandom),
    clock,
    logger: silentLogger,
    welcomeCoins: 0,
    paymentsMode,
  };
}

/** A completed coin purchase, credited as the success page or the webhook would; a test payment unless `livemode`. */
export async function buy(
  deps: WalletDeps,
  userId: number,
  packageId = 'rare-roll',
  livemode = false,
): Promise<void> {
  const pkg = findCoinPackage(packageId)!;
  await deps.db.transaction((trx) =>
    creditPurchaseIn(
      deps,
      trx,
      {
        paymentIntentId: `pi_${randomUUID().replace(/-/g, '')}`,
        userId,
        packageId,
        coins: pkg.coins,
        amountCents: pkg.priceCents,
        currency: 'usd',
      },
      { confirmKey: '' },
      livemode,
    ),
  );
}

export async function give(deps: WalletDeps, userId: number, amount: number): Promise<void> {
  await grant(deps, { idempotencyKey: randomUUID(), userId, amount, reason: 'test', reference: '' });
}

/** Everything a refused request must leave as it was. */
export async function snapshot(db: Knex) {
  const accounts = (await db('account_balances')
    .orderBy('name')
    .select('name', 'balance', 'held')) as unknown[];
  const count = async (table: string) =>
    Number(((await db(table).count({ n: '*' }).first()) as { n: number | string }).n);
  return {
    accounts,
    requests: await count('cashout_requests'),
    transitions: await count('cashout_transitions'),
    transactions: await count('transactions'),
    outbox: await count('outbox'),
  };
}

export async function outboxEvents<T extends Topic>(db: Knex, topic: T): Promise<EventOutput<T>[]> {
  const rows = (await db('outbox').where({ topic }).orderBy('id').select('payload')) as {
    payload: Uint8Array;
  }[];
  return rows.map((row) => decodeEvent(topic, row.payload));
}

export async function accountBalance(db: Knex, name: string): Promise<number> {
  const row = (await db('account_balances').where({ name }).first('balance')) as
    { balance: number } | undefined;
  return Number(row?.balance ?? 0);
}
