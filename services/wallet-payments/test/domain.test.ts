import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountKind,
  checkAccount,
  PLATFORM,
  PLATFORM_ACCOUNTS,
  checkedUserAccount,
  userIdOf,
} from '../src/domain/accounts';
import { auditLedger, type AccountAudit } from '../src/domain/audit';
import { canDebit } from '../src/domain/funds';
import { fingerprint, grantEntries, isBalanced, transferEntries } from '../src/domain/posting';
import {
  checkAmount,
  checkPostingKey,
  checkReason,
  checkTerms,
  MAX_AMOUNT,
  type TransferTerms,
} from '../src/domain/validation';

const invalidError = (message: string | RegExp) =>
  expect.objectContaining({
    code: 'invalid',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

describe('accounts', () => {
  it('names user accounts by positive user id and knows the platform accounts', () => {
    expect(checkedUserAccount(42)).toBe('user:42');
    expect(() => checkedUserAccount(0)).toThrow(invalidError('user_id must be a positive integer'));
    expect(() => checkedUserAccount(-3)).toThrow(invalidError('user_id must be a positive integer'));
    expect(userIdOf('user:42')).toBe(42);
    for (const name of ['user:0', 'user:042', 'user:', 'user:1.5', 'platform:mint', 'user:99999999999999999'])
      expect(userIdOf(name)).toBeUndefined();
    expect(PLATFORM_ACCOUNTS).toEqual([
      'platform:mint',
      'platform:profit',
      'platform:market',
      'platform:cashout-pending',
      'platform:paid-out',
    ]);
    expect(accountKind('platform:profit')).toBe('platform');
    expect(accountKind('user:7')).toBe('user');
    expect(accountKind('platform:bank')).toBeUndefined();
    expect(() => checkAccount('bank', 'to_account')).toThrow(invalidError(/^to_account must be/));
  });
});

describe('posting builder', () => {
  it('sends amount − fee to the recipient and the fee to platform:profit', () => {
    expect(transferEntries({ from: 'user:1', to: 'user:2', amount: 1000, fee: 25 })).toEqual([
      { account: 'user:1', amount: -1000 },
      { account: 'user:2', amount: 975 },
      { account: PLATFORM.profit, amount: 25 },
    ]);
    expect(transferEntries({ from: 'user:1', to: PLATFORM.market, amount: 300, fee: 0 })).toEqual([
      { account: 'user:1', amount: -300 },
      { account: PLATFORM.market, amount: 300 },
    ]);
    expect(grantEntries('user:9', 10_000)).toEqual([
      { account: PLATFORM.mint, amount: -10_000 },
      { account: 'user:9', amount: 10_000 },
    ]);
  });

  it('merges lines on one account and drops zero lines', () => {
    // A transfer to platform:profit itself: one line of the whole amount.
    expect(transferEntries({ from: 'user:1', to: PLATFORM.profit, amount: 100, fee: 10 })).toEqual([
      { account: 'user:1', amount: -100 },
      { account: PLATFORM.profit, amount: 100 },
    ]);
    // The whole amount is fee: the recipient gets no line at all.
    expect(transferEntries({ from: 'user:1', to: 'user:2', amount: 50, fee: 50 })).toEqual([
      { account: 'user:1', amount: -50 },
      { account: PLATFORM.profit, amount: 50 },
    ]);
    // Out of profit with a fee: the fee stays where it was.
    expect(transferEntries({ from: PLATFORM.profit, to: 'user:3', amount: 80, fee: 30 })).toEqual([
      { account: PLATFORM.profit, amount: -50 },
      { account: 'user:3', amount: 50 },
    ]);
  });

  it('always balances, never repeats an account and never writes a zero line (property)', () => {
    const account = fc.oneof(
      fc.constantFrom(...PLATFORM_ACCOUNTS),
      fc.integer({ min: 1, max: 5 }).map((id) => `user:${id}`),
    );
    const terms = fc
      .record({
        from: account,
        to: account,
        amount: fc.integer({ min: 1, max: MAX_AMOUNT }),
        ratio: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .filter((t) => t.from !== t.to)
      .map((t): TransferTerms => ({
        from: t.from,
        to: t.to,
        amount: t.amount,
        fee: Math.floor(t.amount * t.ratio),
      }));
    fc.assert(
      fc.property(terms, (t) => {
        const entries = transferEntries(checkTerms(t));
        expect(isBalanced(entries)).toBe(true);
        expect(new Set(entries.map((e) => e.account)).size).toBe(entries.length);
        expect(entries.every((e) => e.amount !== 0 && Number.isSafeInteger(e.amount))).toBe(true);
        const out = entries.filter((e) => e.amount < 0).reduce((s, e) => s - e.amount, 0);
        expect(out).toBeLessThanOrEqual(t.amount);
      }),
      { numRuns: 500 },
    );
  });

  it('fingerprints the movement of coins, not the wording', () => {
    const terms = { from: 'user:1', to: 'user:2', amount: 10, fee: 1 };
    expect(fingerprint('transfer', terms)).toBe('transfer|user:1|user:2|10|1');
    expect(fingerprint('transfer', terms)).not.toBe(fingerprint('transfer', { ...terms, fee: 2 }));
    expect(fingerprint('transfer', terms)).not.toBe(fingerprint('commit', terms));
  });
});

describe('validation', () => {
  it('accepts amounts that are positive whole coins up to the ceiling', () => {
    expect(checkAmount(1)).toBe(1);
    expect(checkAmount(MAX_AMOUNT)).toBe(MAX_AMOUNT);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => checkAmount(bad)).toThrow(invalidError('amount must be a positive whole number of coins'));
    expect(() => checkAmount(MAX_AMOUNT + 1)).toThrow(invalidError(/at most/));
  });

  it('refuses a fee outside 0..amount, a transfer to itself and unknown accounts', () => {
    const ok = { from: 'user:1', to: 'user:2', amount: 10, fee: 0 };
    expect(checkTerms({ ...ok, fee: 10 })).toEqual({ ...ok, fee: 10 });
    expect(() => checkTerms({ ...ok, fee: 11 })).toThrow(invalidError(/^fee must be/));
    expect(() => checkTerms({ ...ok, fee: -1 })).toThrow(invalidError(/^fee must be/));
    expect(() => checkTerms({ ...ok, fee: 0.5 })).toThrow(invalidError(/^fee must be/));
    expect(() => checkTerms({ ...ok, to: 'user:1' })).toThrow(
      invalidError('from_account and to_account must differ'),
    );
    expect(() => checkTerms({ ...ok, from: 'platform:bank' })).toThrow(invalidError(/^from_account must be/));
    expect(() => checkTerms({ ...ok, amount: 0 })).toThrow(invalidError(/^amount/));
  });

  it('requires a key outside the namespace of committed holds, and a reason', () => {
    expect(checkPostingKey('sale:17')).toBe('sale:17');
    expect(() => checkPostingKey('')).toThrow(invalidError('idempotency_key is required'));
    expect(() => checkPostingKey('hold:17')).toThrow(invalidError(/must not start with "hold:"/));
    expect(() => checkPostingKey('k'.repeat(201))).toThrow(invalidError(/longer than 200/));
    expect(checkReason('  trade ')).toBe('trade');
    expect(() => checkReason(' ')).toThrow(invalidError('reason is required'));
  });
});

describe('funds', () => {
  it('lets a user spend only what is not held, a platform account anything', () => {
    expect(canDebit({ kind: 'user', balance: 100, held: 30 }, 70)).toBe(true);
    expect(canDebit({ kind: 'user', balance: 100, held: 30 }, 71)).toBe(false);
    expect(canDebit({ kind: 'user', balance: 100, held: 100 }, 100, 100)).toBe(true);
    expect(canDebit({ kind: 'platform', balance: -5, held: 0 }, 1_000)).toBe(true);
  });
});

describe('audit comparison', () => {
  const clean: AccountAudit[] = [
    {
      account: 'platform:mint',
      kind: 'platform',
      balance: -100,
      derivedBalance: -100,
      held: 0,
      openHolds: 0,
    },
    { account: 'user:1', kind: 'user', balance: 100, derivedBalance: 100, held: 40, openHolds: 40 },
  ];

  it('is ok when the total is zero and every cache matches', () => {
    expect(auditLedger(0, clean)).toEqual({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
  });

  it('reports a non-zero total, balance and held drift, and negative user accounts', () => {
    const drifted: AccountAudit[] = [
      { ...clean[0]!, balance: -90 },
      { ...clean[1]!, held: 150 },
      { account: 'user:2', kind: 'user', balance: -5, derivedBalance: -5, held: 0, openHolds: 0 },
    ];
    expect(auditLedger(7, drifted)).toEqual({
      ok: false,
      total: 7,
      mismatches: [
        { account: 'platform:mint', storedBalance: -90, derivedBalance: -100 },
        { account: 'user:1:held', storedBalance: 150, derivedBalance: 40 },
      ],
      negativeUserAccounts: 2, // user:1 holds more than it has; user:2 is below zero
    });
  });
});
