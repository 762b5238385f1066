import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@touchline/kit';
import { cashOutCents as cashCents, cashOutFeeCoins as feeCoins, REASON_TOO_LONG } from '@touchline/rules';
import {
  BELOW_MINIMUM,
  CASHOUT_TRANSITIONS,
  INVALID_AMOUNT,
  INVALID_PAYPAL,
  NOT_ENOUGH_FOR_CASHOUT,
  PLATFORM_FUNDS_SHORT,
  REASON_ONLY_ON_REJECTION,
  alreadyThisMonth,
  ceilingTooLow,
  purchasesTooLow,
  tooFewPurchases,
  type CashoutStatus,
} from '../src/domain/cashout';
import { monthOf } from '../src/domain/et-month';
import type { WalletDeps } from '../src/use-cases/deps';
import { requestCashout } from '../src/use-cases/request-cashout';
import { setCashoutStatus } from '../src/use-cases/set-cashout-status';
import { cashoutEligibility, adminWallet, listMyCashouts } from '../src/use-cases/cashout-queries';
import { accountBalance, buy, depsAt, give, outboxEvents, snapshot } from './cashout-support';
import { expectLedgerOk, refusal, startWallet, type StartedWallet } from './support';

let w: StartedWallet;
let deps: WalletDeps;
const clock = fixedClock('2026-11-10T15:00:00Z');
let nextUser = 1000;
let keys = 0;
const key = () => `k-${++keys}`;
const ADMIN = 1;
const ADMIN_2 = 2;

beforeAll(async () => {
  w = await startWallet({ WELCOME_COINS: '0' });
  deps = depsAt(w.test.database.db, clock);
});
afterAll(() => w.stop());

/** A player with three $20 purchases (150,000 coins, $60.00 spent). */
async function buyer(purchases = 3, packageId = 'rare-roll'): Promise<number> {
  const id = ++nextUser;
  for (let i = 0; i < purchases; i++) await buy(deps, id, packageId);
  return id;
}

const ask = (userId: number, coinsAmount: number, paypalEmail = 'me@paypal.example') =>
  requestCashout(deps, { userId, coinsAmount, paypalEmail, idempotencyKey: key() });

const move = (requestId: number, to: string, actorUserId = ADMIN, reason = '') =>
  setCashoutStatus(deps, { actorUserId, requestId, status: to, idempotencyKey: key(), reason });

const balanceOf = async (userId: number) => accountBalance(w.test.database.db, `user:${userId}`);

describe('cash amount', () => {
  it('is floor(coins / 2273 * 0.88 * 100) / 100 and 12% stays as profit', () => {
    expect(cashCents(12_920)).toBe(500);
    expect(cashCents(150_000)).toBe(5_807);
    expect(cashCents(2_273)).toBe(88);
    // The spec's float formula agrees wherever float error cannot cross a cent.
    for (let coins = 1; coins <= 300_000; coins += 7) {
      const spec = (coins / 2273) * 0.88 * 100;
      if (Math.abs(spec - Math.round(spec)) > 1e-6) expect(cashCents(coins)).toBe(Math.floor(spec));
    }
    expect(feeCoins(12_920)).toBe(1_551);
    expect(feeCoins(100)).toBe(12);
  });
});

describe('RequestCashout refuses each rule with its own message and changes nothing', () => {
  it.each([
    ['zero', 0, INVALID_AMOUNT, 'invalid'],
    ['negative', -13_000, INVALID_AMOUNT, 'invalid'],
    ['fractional', 13_000.5, INVALID_AMOUNT, 'invalid'],
    ['below the minimum', 12_919, BELOW_MINIMUM, 'business_rule'],
    ['above the balance', 150_001, NOT_ENOUGH_FOR_CASHOUT, 'business_rule'],
  ])('amount %s', async (_name, coins, message, code) => {
    const user = await buyer();
    const before = await snapshot(w.test.database.db);
    const error = await refusal(ask(user, coins));
    expect({ code: error.code, message: error.message }).toEqual({ code, message });
    expect(await snapshot(w.test.database.db)).toEqual(before);
  });

  it.each(['', 'not-an-email', 'a@b', 'me @paypal.com', 'me@pay\u0000pal.com'])(
    'PayPal e-mail %j',
    async (email) => {
      const user = await buyer();
      const before = await snapshot(w.test.database.db);
      const error = await refusal(ask(user, 20_000, email));
      expect({ code: error.code, message: error.message }).toEqual({
        code: 'invalid',
        message: INVALID_PAYPAL,
      });
      expect(await snapshot(w.test.database.db)).toEqual(before);
    },
  );

  it('fewer than 3 completed purchases', async () => {
    const user = await buyer(2);
    const before = await snapshot(w.test.database.db);
    expect((await refusal(ask(user, 20_000))).message).toBe(tooFewPurchases(2));
    expect(await snapshot(w.test.database.db)).toEqual(before);
  });

  it('total purchases not above the cash amount', async () => {
    // Three Starter Stacks: $33.00 for 75,000 coins; with granted coins 100,000 coins are $38.71.
    const user = await buyer(3, 'starter-stack');
    await give(deps, user, 25_000);
    const before = await snapshot(w.test.database.db);
    expect((await refusal(ask(user, 100_000))).message).toBe(purchasesTooLow(3_300, 3_871));
    expect(await snapshot(w.test.database.db)).toEqual(before);
    // $33.00 must be exceeded, not reached: 85,238 coins are the fewest worth $33.00.
    expect(cashCents(85_238)).toBe(3_300);
    expect(cashCents(85_237)).toBe(3_299);
    expect((await refusal(ask(user, 85_238))).message).toBe(purchasesTooLow(3_300, 3_300));
    await expect(ask(user, 85_237)).resolves.toBeDefined();
  });

  it('one non-rejected request per calendar month in New York', async () => {
    const user = await buyer();
    const first = await ask(user, 13_000);
    const before = await snapshot(w.test.database.db);
    const month = monthOf(clock.now());
    expect((await refusal(ask(user, 13_000))).message).toBe(alreadyThisMonth(month.end));
    expect(await snapshot(w.test.database.db)).toEqual(before);
    // A rejected request does not count.
    await move(first.cashout!.id, 'rejected');
    await expect(ask(user, 13_000)).resolves.toBeDefined();
    await expectLedgerOk(deps);
  });

  it('the month is New York time: 04:30 UTC on Dec 1 is still November there', async () => {
    const late = fixedClock('2026-12-01T04:30:00Z');
    const lateDeps = depsAt(w.test.database.db, late);
    const user = await buyer();
    await requestCashout(lateDeps, {
      userId: user,
      coinsAmount: 13_000,
      paypalEmail: 'me@paypal.example',
      idempotencyKey: key(),
    });
    const error = await refusal(
      requestCashout(lateDeps, {
        userId: user,
        coinsAmount: 13_000,
        paypalEmail: 'me@paypal.example',
        idempotencyKey: key(),
      }),
    );
    expect(error.message).toBe(alreadyThisMonth(new Date('2026-12-01T05:00:00Z')));
    late.set('2026-12-01T05:00:00Z');
    await expect(
      requestCashout(lateDeps, {
        userId: user,
        coinsAmount: 13_000,
        paypalEmail: 'me@paypal.example',
        idempotencyKey: key(),
      }),
    ).resolves.toBeDefined();
  });

  it('not enough platform funds (purchases minus paid and pending cash-outs)', async () => {
    // A fresh wallet, so that only these players' money is in the platform.
    const own = await startWallet({ WELCOME_COINS: '0' });
    try {
      const c = fixedClock('2026-11-05T15:00:00Z');
      const d = depsAt(own.test.database.db, c);
      const user = 7;
      for (let i = 0; i < 3; i++) await buy(d, user);
      // Another player's $58.07 cash-out paid before the ceiling rule, on no purchases of theirs:
      // $60.00 came in, $1.93 is left, though this player's own ceiling is the whole $60.00.
      await own.test.database.db('cashout_requests').insert({
        user_id: 8,
        status: 'completed',
        coins_amount: 150_000,
        cash_amount_cents: cashCents(150_000),
        fee_coins: feeCoins(150_000),
        paypal_email: 'earlier@paypal.example',
        idempotency_key: '8:legacy',
        month_key: '2026-10',
        test: true,
        created_at: c.now(),
        updated_at: c.now(),
        processed_at: c.now(),
      });
      const before = await snapshot(own.test.database.db);
      const error = await refusal(
        requestCashout(d, {
          userId: user,
          coinsAmount: 150_000,
          paypalEmail: 'me@paypal.example',
          idempotencyKey: key(),
        }),
      );
      expect(error.message).toBe(PLATFORM_FUNDS_SHORT);
      expect(await snapshot(own.test.database.db)).toEqual(before);
      await expectLedgerOk(d);
    } finally {
      await own.stop();
    }
  });
});

describe('the ceiling: purchases less earlier cash-outs', () => {
  const monthly = (d: WalletDeps, userId: number, coinsAmount: number) =>
    requestCashout(d, { userId, coinsAmount, paypalEmail: 'me@paypal.example', idempotencyKey: key() });

  // Issue #29 item 10: the same $60 of purchases backed a new $58.07 cash-out every month. The shared
  // wallet holds other players' money, so the platform funds rule does not stop it.
  it('the same purchases do not back a second monthly cash-out', async () => {
    const c = fixedClock('2026-10-05T15:00:00Z');
    const d = depsAt(w.test.database.db, c);
    const user = await buyer();
    const first = await monthly(d, user, 150_000);
    expect(first.cashout).toMatchObject({ status: 'pending', cashAmountCents: 5_807 });
    await move(first.cashout!.id, 'processing');
    await move(first.cashout!.id, 'completed');

    c.set('2026-11-05T15:00:00Z');
    await give(d, user, 150_000);
    const before = await snapshot(w.test.database.db);
    expect((await refusal(monthly(d, user, 150_000))).message).toBe(ceilingTooLow(6_000, 5_807, 5_807));
    // $1.93 is left, below the $5.00 minimum: no amount passes.
    expect((await refusal(monthly(d, user, 12_920))).message).toBe(ceilingTooLow(6_000, 5_807, 500));
    expect(await snapshot(w.test.database.db)).toEqual(before);

    // New purchases raise it again: $120.00 - $58.07 = $61.93 > $58.07.
    for (let i = 0; i < 3; i++) await buy(d, user);
    await expect(monthly(d, user, 150_000)).resolves.toMatchObject({
      cashout: { status: 'pending', cashAmountCents: 5_807 },
    });
    await expectLedgerOk(d);
  });

  it('an open request counts against it; a rejected one does not', async () => {
    const c = fixedClock('2026-10-06T15:00:00Z');
    const d = depsAt(w.test.database.db, c);
    const user = await buyer();
    await give(d, user, 150_000);
    const pending = await monthly(d, user, 150_000);
    c.set('2026-11-06T15:00:00Z');
    // Still pending from October: $58.07 of the $60.00 is spoken for.
    expect((await refusal(monthly(d, user, 13_000))).message).toBe(ceilingTooLow(6_000, 5_807, 503));
    await move(pending.cashout!.id, 'rejected');
    await expect(monthly(d, user, 150_000)).resolves.toMatchObject({ cashout: { status: 'pending' } });
  });
});

describe('payment mode', () => {
  const starterStacks = async (d: WalletDeps, livemode: boolean) => {
    const user = ++nextUser;
    for (let i = 0; i < 3; i++) await buy(d, user, 'starter-stack', livemode);
    await give(d, user, 5_000);
    return user;
  };
  const ask80k = (d: WalletDeps, userId: number) =>
    requestCashout(d, {
      userId,
      coinsAmount: 80_000,
      paypalEmail: 'me@paypal.example',
      idempotencyKey: key(),
    });

  // Issue #29 item 4: three test-card purchases ($33.00) made a $30.97 cash-out acceptable in a
  // deployment without a Stripe key. In a live deployment test payments count toward nothing.
  it('live: test payments back no cash-out, and eligibility does not count them', async () => {
    const live = depsAt(w.test.database.db, clock, 'live');
    const user = await starterStacks(live, false);
    const before = await snapshot(w.test.database.db);
    expect((await refusal(ask80k(live, user))).message).toBe(tooFewPurchases(0));
    expect(await snapshot(w.test.database.db)).toEqual(before);
    expect(await cashoutEligibility(live, user)).toMatchObject({
      eligible: false,
      purchaseCount: 0,
      purchaseTotalCents: 0,
    });
  });

  it('live: real purchases back a cash-out that is not marked test', async () => {
    const live = depsAt(w.test.database.db, clock, 'live');
    const user = await starterStacks(live, true);
    const created = await ask80k(live, user);
    expect(created.cashout).toMatchObject({ cashAmountCents: 3_097, test: false });
  });

  it('test: test payments count, and the cash-out is marked test for the admins', async () => {
    const test = depsAt(w.test.database.db, clock, 'test');
    const user = await starterStacks(test, false);
    expect(await cashoutEligibility(test, user)).toMatchObject({
      purchaseCount: 3,
      purchaseTotalCents: 3_300,
    });
    const created = await ask80k(test, user);
    expect(created.cashout).toMatchObject({ cashAmountCents: 3_097, test: true });
  });
});

describe('a request', () => {
  it('moves the coins to platform:cashout-pending in one balanced posting and announces it', async () => {
    const user = await buyer();
    const pendingBefore = await accountBalance(w.test.database.db, 'platform:cashout-pending');
    const { cashout, coins } = await ask(user, 20_000, '  Me@PayPal.Example ');
    expect(cashout).toMatchObject({
      userId: user,
      status: 'pending',
      coinsAmount: 20_000,
      cashAmountCents: cashCents(20_000),
      feeCoins: feeCoins(20_000),
      paypalEmail: 'me@paypal.example',
      processedAt: '',
    });
    expect(coins).toBe(130_000);
    expect(await balanceOf(user)).toBe(130_000);
    expect(await accountBalance(w.test.database.db, 'platform:cashout-pending')).toBe(pendingBefore + 20_000);
    const entries = (await w.test.database
      .db('entries as e')
      .join('transactions as t', 't.id', 'e.transaction_id')
      .where('t.reference', `cashout:${cashout!.id}`)
      .select('e.account', 'e.amount')) as { account: string; amount: number }[];
    expect(entries.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: 'platform:cashout-pending', amount: 20_000 },
      { account: `user:${user}`, amount: -20_000 },
    ]);
    const events = await outboxEvents(w.test.database.db, 'wallet.cashout.requested');
    expect(events.at(-1)).toMatchObject({ requestId: cashout!.id, userId: user, coinsAmount: 20_000 });
    await expectLedgerOk(deps);
  });

  it('is idempotent by key, and a key reused for another amount is refused', async () => {
    const user = await buyer();
    const order = {
      userId: user,
      coinsAmount: 20_000,
      paypalEmail: 'me@paypal.example',
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([requestCashout(deps, order), requestCashout(deps, order)]);
    expect(a.cashout!.id).toBe(b.cashout!.id);
    expect(await balanceOf(user)).toBe(130_000);
    const error = await refusal(requestCashout(deps, { ...order, coinsAmount: 30_000 }));
    expect(error.code).toBe('conflict');
    await expectLedgerOk(deps);
  });

  it('racing requests of one player in one month: exactly one is created', async () => {
    const user = await buyer();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        w.client.RequestCashout({
          userId: user,
          coinsAmount: 13_000,
          paypalEmail: 'me@paypal.example',
          idempotencyKey: key(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: status.FAILED_PRECONDITION });
    expect(await balanceOf(user)).toBe(150_000 - 13_000);
    await expectLedgerOk(deps);
  });

  it('eligibility lists what the player does not meet yet', async () => {
    const user = await buyer(1);
    const report = await cashoutEligibility(deps, user);
    expect(report).toMatchObject({
      eligible: false,
      purchaseCount: 1,
      purchaseTotalCents: 2_000,
      minCoins: 12_920,
      coinsPerUsd: 2273,
      minCashCents: 500,
      coins: 50_000,
      requestedThisMonth: false,
    });
    expect(report.reasons).toEqual([tooFewPurchases(1)]);
    expect(report.requirements.find((r) => r.id === 'purchases')).toEqual({
      id: 'purchases',
      state: 'unmet',
      detail: tooFewPurchases(1),
      needed: 2,
    });
    await buy(deps, user);
    await buy(deps, user);
    expect(await cashoutEligibility(deps, user)).toMatchObject({ eligible: true, reasons: [] });
  });

  // Issue 30 item 4: the form's checklist is the wallet's answer for this player, not a list of ticks.
  it('eligibility: a player with no purchases meets neither purchase rule, and gets each number', async () => {
    const user = ++nextUser;
    await give(deps, user, 20_000);
    const report = await cashoutEligibility(deps, user);
    expect(report.eligible).toBe(false);
    expect(report.maxCoins).toBe(0);
    expect(report.requirements.map((r) => [r.id, r.state, r.needed])).toEqual([
      ['minimum_balance', 'met', 0],
      ['purchases', 'unmet', 3],
      ['purchase_total', 'unmet', 501],
      ['monthly', 'met', 0],
      ['platform_funds', 'met', 0],
      ['processing', 'not_applicable', 0],
    ]);
    expect(report.reasons).toEqual([tooFewPurchases(0), purchasesTooLow(0, 500)]);
  });

  it('eligibility: three purchases meet every rule; the most it allows is what the purchases back', async () => {
    const user = await buyer();
    const report = await cashoutEligibility(deps, user);
    expect(report.requirements.filter((r) => r.state === 'unmet')).toEqual([]);
    expect(report.eligible).toBe(true);
    expect(report.maxCoins).toBe(150_000);
    // More coins than the purchases back: $60.00 paid in, so the cash must stay below it.
    await give(deps, user, 200_000);
    const richer = await cashoutEligibility(deps, user);
    expect(richer.maxCoins).toBe(154_977);
    expect(cashCents(154_977)).toBe(5_999);
    expect(cashCents(154_978)).toBe(6_000);
  });

  // Issue 43 item 5: the requirements are judged for the amount typed, as RequestCashout judges it.
  it('eligibility for an amount: the purchase line fails above the ceiling, and the answer is not eligible', async () => {
    const user = await buyer();
    await give(deps, user, 200_000);
    const at = async (coins: number) => {
      const report = await cashoutEligibility(deps, user, coins);
      return { report, line: report.requirements.find((r) => r.id === 'purchase_total')! };
    };
    const highest = await at(154_977);
    expect(highest.line.state).toBe('met');
    expect(highest.report.eligible).toBe(true);
    const above = await at(154_978);
    expect(above.line).toEqual({
      id: 'purchase_total',
      state: 'unmet',
      detail: purchasesTooLow(6_000, 6_000),
      needed: 1,
    });
    expect(above.report.eligible).toBe(false);
    // The largest allowed amount does not depend on the amount asked about.
    expect(above.report.maxCoins).toBe(154_977);
    // Below the minimum, the lines are judged at the minimum, as before any amount is typed.
    expect((await at(5)).report.requirements).toEqual((await cashoutEligibility(deps, user)).requirements);
  });

  it("eligibility: a small balance needs the coins it lacks; this month's request blocks until next month", async () => {
    const user = await buyer();
    await ask(user, 140_000);
    const report = await cashoutEligibility(deps, user);
    const state = Object.fromEntries(report.requirements.map((r) => [r.id, r]));
    expect(state.minimum_balance).toMatchObject({ state: 'unmet', needed: 12_920 - 10_000 });
    expect(state.monthly).toMatchObject({
      state: 'unmet',
      detail: alreadyThisMonth(monthOf(clock.now()).end),
    });
    expect(state.purchase_total).toMatchObject({ state: 'met' });
    expect(report.maxCoins).toBe(0);
  });
});

describe('status changes', () => {
  const ALL: CashoutStatus[] = ['pending', 'processing', 'completed', 'rejected'];
  const PATHS: Record<CashoutStatus, string[]> = {
    pending: [],
    processing: ['processing'],
    completed: ['processing', 'completed'],
    rejected: ['rejected'],
  };

  async function requestIn(state: CashoutStatus): Promise<{ id: number; user: number }> {
    const user = await buyer();
    const { cashout } = await ask(user, 20_000);
    for (const to of PATHS[state]) await move(cashout!.id, to);
    return { id: cashout!.id, user };
  }

  for (const from of ALL)
    for (const to of ['processing', 'completed', 'rejected'] as CashoutStatus[]) {
      const allowed = CASHOUT_TRANSITIONS[from].includes(to);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, async () => {
        const { id } = await requestIn(from);
        if (allowed) {
          const { cashout } = await move(id, to, ADMIN_2);
          expect(cashout).toMatchObject({ id, status: to, processedByUserId: ADMIN_2 });
          expect(cashout!.processedAt !== '').toBe(to !== 'processing');
        } else {
          const before = await snapshot(w.test.database.db);
          const error = await refusal(move(id, to));
          expect(error.code).toBe('conflict');
          expect(await snapshot(w.test.database.db)).toEqual(before);
        }
        await expectLedgerOk(deps);
      });
    }

  it('the allowed moves are exactly the four of the design', () => {
    expect(CASHOUT_TRANSITIONS).toEqual({
      pending: ['processing', 'rejected'],
      processing: ['completed', 'rejected'],
      completed: [],
      rejected: [],
    });
  });

  it.each(['pending', 'processing'] as CashoutStatus[])(
    'rejecting a %s request returns every coin, with wallet.coins.credited',
    async (state) => {
      const { id, user } = await requestIn(state);
      const pending = await accountBalance(w.test.database.db, 'platform:cashout-pending');
      const profit = await accountBalance(w.test.database.db, 'platform:profit');
      expect(await balanceOf(user)).toBe(130_000);
      await move(id, 'rejected');
      expect(await balanceOf(user)).toBe(150_000);
      expect(await accountBalance(w.test.database.db, 'platform:cashout-pending')).toBe(pending - 20_000);
      expect(await accountBalance(w.test.database.db, 'platform:profit')).toBe(profit);
      const credited = await outboxEvents(w.test.database.db, 'wallet.coins.credited');
      expect(credited.at(-1)).toMatchObject({
        userId: user,
        amount: 20_000,
        reason: 'cashout_rejected',
        reference: `cashout:${id}`,
        balance: 150_000,
      });
      const changed = await outboxEvents(w.test.database.db, 'wallet.cashout.status_changed');
      expect(changed.at(-1)).toMatchObject({
        requestId: id,
        userId: user,
        fromStatus: state,
        toStatus: 'rejected',
        actorUserId: ADMIN,
      });
      await expectLedgerOk(deps);
    },
  );

  // Issue 30 item 5: the player reads the admin's reason in the history and the notification.
  it('a rejection keeps its reason, trimmed, for the history and the event', async () => {
    const { id, user } = await requestIn('pending');
    const { cashout } = await move(id, 'rejected', ADMIN, '  PayPal   address\nbounced ');
    expect(cashout).toMatchObject({ status: 'rejected', reason: 'PayPal address bounced' });
    const [mine] = (await listMyCashouts(deps, user)).cashouts;
    expect(mine).toMatchObject({ id, reason: 'PayPal address bounced' });
    const changed = await outboxEvents(w.test.database.db, 'wallet.cashout.status_changed');
    expect(changed.at(-1)).toMatchObject({ requestId: id, reason: 'PayPal address bounced' });
  });

  it('a reason too long, or with another move, is refused and changes nothing', async () => {
    const { id } = await requestIn('pending');
    const before = await snapshot(w.test.database.db);
    const tooLong = await refusal(move(id, 'rejected', ADMIN, 'x'.repeat(201)));
    expect(tooLong).toMatchObject({ code: 'invalid', message: REASON_TOO_LONG });
    const elsewhere = await refusal(move(id, 'processing', ADMIN, 'why not'));
    expect(elsewhere).toMatchObject({ code: 'invalid', message: REASON_ONLY_ON_REJECTION });
    expect(await snapshot(w.test.database.db)).toEqual(before);
    const { cashout } = await move(id, 'rejected', ADMIN, '   ');
    expect(cashout!.reason).toBe('');
  });

  it('completing pays 88% to platform:paid-out and keeps 12% in platform:profit', async () => {
    const { id, user } = await requestIn('processing');
    const [pending = 0, profit = 0, paid = 0] = await Promise.all(
      ['platform:cashout-pending', 'platform:profit', 'platform:paid-out'].map((a) =>
        accountBalance(w.test.database.db, a),
      ),
    );
    await move(id, 'completed');
    expect(await accountBalance(w.test.database.db, 'platform:cashout-pending')).toBe(pending - 20_000);
    expect(await accountBalance(w.test.database.db, 'platform:profit')).toBe(profit + 2_400);
    expect(await accountBalance(w.test.database.db, 'platform:paid-out')).toBe(paid + 17_600);
    expect(await balanceOf(user)).toBe(130_000);
    expect((await adminWallet(deps, ADMIN)).profitWallet).toBe(profit + 2_400);
    await expectLedgerOk(deps);
  });

  it('a retry with the same key answers the request instead of failing', async () => {
    const { id } = await requestIn('pending');
    const order = {
      actorUserId: ADMIN,
      requestId: id,
      status: 'processing',
      idempotencyKey: key(),
      reason: '',
    };
    await setCashoutStatus(deps, order);
    await expect(setCashoutStatus(deps, order)).resolves.toMatchObject({ cashout: { status: 'processing' } });
    const rows = await w.test.database.db('cashout_transitions').where({ request_id: id });
    expect(rows).toHaveLength(1);
  });

  it('an unknown request is not found; pending is no target', async () => {
    expect((await refusal(move(987_654, 'processing'))).code).toBe('not_found');
    const { id } = await requestIn('pending');
    expect((await refusal(move(id, 'pending'))).code).toBe('invalid');
    expect((await refusal(move(id, 'paid'))).code).toBe('invalid');
  });
});

describe('two admins racing', () => {
  async function processing(): Promise<{ id: number; user: number }> {
    const user = await buyer();
    const { cashout } = await ask(user, 20_000);
    await move(cashout!.id, 'processing');
    return { id: cashout!.id, user };
  }

  const set = (requestId: number, to: string, actorUserId: number) =>
    w.client.SetCashoutStatus({ actorUserId, requestId, status: to, idempotencyKey: key() });

  it('complete and reject at once: exactly one wins, and the coins go one way only', async () => {
    for (let round = 0; round < 4; round++) {
      const { id, user } = await processing();
      const profit = await accountBalance(w.test.database.db, 'platform:profit');
      const results = await Promise.allSettled([set(id, 'completed', ADMIN), set(id, 'rejected', ADMIN_2)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ code: status.ALREADY_EXISTS });
      const final = (won[0] as PromiseFulfilledResult<{ cashout: { status: string } }>).value.cashout.status;
      if (final === 'completed') {
        expect(await balanceOf(user)).toBe(130_000);
        expect(await accountBalance(w.test.database.db, 'platform:profit')).toBe(profit + 2_400);
      } else {
        expect(await balanceOf(user)).toBe(150_000);
        expect(await accountBalance(w.test.database.db, 'platform:profit')).toBe(profit);
      }
      await expectLedgerOk(deps);
    }
  });

  it('five admins rejecting at once refund the coins once', async () => {
    const { id, user } = await processing();
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((admin) => set(id, 'rejected', admin)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(user)).toBe(150_000);
    const transitions = await w.test.database.db('cashout_transitions').where({ request_id: id });
    expect(transitions.map((t: { to_status: string }) => t.to_status).sort()).toEqual([
      'processing',
      'rejected',
    ]);
    await expectLedgerOk(deps);
  });
});
