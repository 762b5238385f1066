import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@touchline/kit';
import { eventMessage } from '@touchline/kit/testing';
import { walletConfigSchema } from '../src/config';
import { grantWelcomeCoins } from '../src/use-cases/welcome';
import { creditedEvents, expectLedgerOk, startWallet, walletDeps, type StartedWallet } from './support';

function registered(userId: number, eventId: string) {
  return eventMessage(
    'identity.user.registered',
    String(userId),
    { userId, username: `user${userId}`, registeredAt: new Date().toISOString() },
    { eventId },
  );
}

describe('welcome coins (default WELCOME_COINS)', () => {
  let w: StartedWallet;
  beforeAll(async () => {
    w = await startWallet();
  });
  afterAll(async () => {
    await w.stop();
  });

  it('grants 10,000 coins once, even when the sign-up event arrives twice', async () => {
    const message = registered(601, '00000000-0000-4000-8000-000000000601');
    await w.test.bus.publish([message]);
    await w.test.bus.publish([message]);
    // The same sign-up replayed under a new event id is still one grant: the key is the user's.
    await w.test.bus.publish([registered(601, '00000000-0000-4000-8000-000000000602')]);
    expect(await w.client.GetBalance({ userId: 601 })).toEqual({ userId: 601, coins: 10_000, heldCoins: 0 });
    const { entries } = await w.client.ListLedgerEntries({ account: 'user:601' });
    expect(entries).toEqual([
      expect.objectContaining({ amount: 10_000, reason: 'welcome', idempotencyKey: 'welcome:601' }),
    ]);
    const credited = (await creditedEvents(w.test.database.db)).filter((e) => e.userId === 601);
    expect(credited).toEqual([
      expect.objectContaining({ amount: 10_000, reason: 'welcome', reference: 'user:601', balance: 10_000 }),
    ]);
    await expectLedgerOk(w.deps);
  });

  it('does not grant again when a replay arrives after WELCOME_COINS changed', async () => {
    const event = { userId: 601, username: 'user601', registeredAt: new Date().toISOString() };
    await w.test.database.db.transaction((trx) =>
      grantWelcomeCoins(walletDeps(w.test.database.db, 5_000), trx, event),
    );
    expect((await w.client.GetBalance({ userId: 601 })).coins).toBe(10_000);
  });

  it('skips an event without a valid user id instead of retrying it forever', async () => {
    await w.test.bus.publish([registered(0, '00000000-0000-4000-8000-000000000603')]);
    expect(
      await w.test.database.db('transactions').where({ idempotency_key: 'welcome:0' }).first(),
    ).toBeUndefined();
  });
});

describe('welcome coins (configured)', () => {
  it('grants WELCOME_COINS from the environment, and nothing when it is 0', async () => {
    const w = await startWallet({ WELCOME_COINS: '2500' });
    try {
      await w.test.bus.publish([registered(602, '00000000-0000-4000-8000-000000000604')]);
      expect((await w.client.GetBalance({ userId: 602 })).coins).toBe(2_500);
    } finally {
      await w.stop();
    }
    const off = await startWallet({ WELCOME_COINS: '0' });
    try {
      await off.test.bus.publish([registered(603, '00000000-0000-4000-8000-000000000605')]);
      expect((await off.client.GetBalance({ userId: 603 })).coins).toBe(0);
    } finally {
      await off.stop();
    }
  });

  it('refuses a WELCOME_COINS that is not a whole, non-negative number', () => {
    expect(loadConfig(walletConfigSchema, {})).toMatchObject({ WELCOME_COINS: 10_000 });
    for (const bad of ['-1', '1.5', 'lots'])
      expect(() => loadConfig(walletConfigSchema, { WELCOME_COINS: bad })).toThrow(ConfigError);
  });
});
