import type { Knex } from 'knex';
import { expect } from 'vitest';
import { createPromiseClient, DomainError, Outbox, systemClock, systemRandom } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { decodeEvent, SERVICES, type EventOutput } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { walletService } from '../src/service';
import type { WalletDeps } from '../src/use-cases/deps';
import { verifyLedger } from '../src/use-cases/ledger';
import { startStripeFake, type StripeFake } from './stripe-fake';

export type WalletClient = ReturnType<typeof createPromiseClient<WalletDefinition>>;

export interface StartedWallet {
  test: TestService;
  client: WalletClient;
  /** Use-case dependencies on the service's database, for calls that skip gRPC. */
  deps: WalletDeps;
  stop(): Promise<void>;
}

/** Dependencies for calling use cases directly; one per connection pool when transactions must race. */
export function walletDeps(db: Knex, welcomeCoins = 10_000): WalletDeps {
  return {
    db,
    outbox: new Outbox(systemClock, systemRandom),
    clock: systemClock,
    logger: silentLogger,
    welcomeCoins,
    paymentsMode: 'test',
  };
}

/** A real wallet service (gRPC on a loopback port, its own database) and a client for it. */
export async function startWallet(env: Record<string, string> = {}): Promise<StartedWallet> {
  const test = await startTestService(walletService, { env });
  const client = createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    test.service.address,
  );
  return {
    test,
    client,
    deps: walletDeps(test.database.db, Number(env.WELCOME_COINS ?? 10_000)),
    async stop() {
      client.close();
      await test.stop();
    },
  };
}

export type RacingWallet = StartedWallet & {
  /** The use cases' dependencies on four connection pools, the service's own first. */
  pools: WalletDeps[];
  /** Pool `i` round robin, to spread racing calls over the pools. */
  poolFor(i: number): WalletDeps;
};

/**
 * A wallet for races: its use cases are called on four connection pools. On Postgres
 * (TEST_DATABASE_URL) each pool is its own set of connections, so transactions on them really
 * interleave; on PGlite the embedded database serializes them, and the same assertions must hold.
 */
export async function startRacingWallet(): Promise<RacingWallet> {
  const wallet = await startWallet();
  const pools = [wallet.deps, ...Array.from({ length: 3 }, () => walletDeps(wallet.test.database.connect()))];
  // Open the connections before the races: otherwise the first transactions finish while later ones
  // are still connecting, and the "race" runs one after the other.
  if (wallet.test.database.kind === 'postgres')
    await Promise.all(
      pools.flatMap((p) => Array.from({ length: 8 }, () => p.db.raw('select pg_sleep(0.05)'))),
    );
  return { ...wallet, pools, poolFor: (i) => pools[i % pools.length]! };
}

export function grantOrder(key: string, userId: number, amount: number, reference = '') {
  return { idempotencyKey: key, userId, amount, reason: 'test', reference };
}

export function transferOrder(
  key: string,
  from: string,
  to: string,
  amount: number,
  fee = 0,
  reference = '',
) {
  return {
    idempotencyKey: key,
    fromAccount: from,
    toAccount: to,
    amount,
    fee,
    reason: 'test',
    reference,
  };
}

export function holdOrder(holdKey: string, from: string, to: string, amount: number, fee = 0) {
  return { holdKey, fromAccount: from, toAccount: to, amount, fee, reason: 'trade', reference: holdKey };
}

export function voidOrder(holdKey: string, reason = 'saga failed') {
  return { holdKey, reason };
}

/** The ledger balances, every cached balance and reservation matches, no user account is negative. */
export async function expectLedgerOk(deps: WalletDeps): Promise<void> {
  expect(await verifyLedger(deps)).toEqual({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
}

/** The wallet.coins.credited events in the outbox, oldest first. */
export async function creditedEvents(db: Knex): Promise<EventOutput<'wallet.coins.credited'>[]> {
  const rows = (await db('outbox')
    .where({ topic: 'wallet.coins.credited' })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((row) => decodeEvent('wallet.coins.credited', row.payload));
}

/** The DomainError a call is refused with; any other failure, or none, fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The wallet in Stripe mode (`PAYMENTS_MODE=live`) against the fake Stripe API, as its tests run it. */
export async function startStripeModeWallet(keys: {
  secretKey: string;
  webhookSecret: string;
}): Promise<{ fake: StripeFake; wallet: StartedWallet; stop(): Promise<void> }> {
  const fake = await startStripeFake(keys.secretKey);
  const wallet = await startWallet({
    WELCOME_COINS: '0',
    PAYMENTS_MODE: 'live',
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_touchline_fake',
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  return {
    fake,
    wallet,
    async stop() {
      await wallet.stop();
      await fake.close();
    },
  };
}
