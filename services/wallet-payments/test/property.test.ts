import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '@touchline/kit';
import { getBalance } from '../src/use-cases/balances';
import { commitHold } from '../src/use-cases/commit-hold';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import { transfer } from '../src/use-cases/transfer';
import { voidHold } from '../src/use-cases/void-hold';
import { expectLedgerOk, startWallet, type StartedWallet } from './support';

/**
 * Random sequences of grants, transfers, holds, commits and voids (repeated keys, retries, voids
 * before holds, commits after voids, overdrafts) run against the real use cases and a small in-memory
 * model of docs/design.md#3-money-one-ledger. After each sequence the ledger must audit clean and every user's
 * coins must match the model; every single answer must match it too.
 */

let w: StartedWallet;

beforeAll(async () => {
  w = await startWallet();
});
afterAll(async () => {
  await w.stop();
});

const USERS = 2;
const MARKET = -1; // platform:market, which may go negative

type Command =
  | { op: 'grant'; key: number; user: number; amount: number }
  | { op: 'transfer' | 'hold'; key: number; from: number; to: number; share: number; feePct: number }
  | { op: 'commit'; key: number }
  | { op: 'void'; key: number }
  /** The previous request again, unchanged: a client's retry. */
  | { op: 'retry' };

const user = fc.integer({ min: 0, max: USERS - 1 });
const party = fc.oneof({ weight: 4, arbitrary: user }, { weight: 1, arbitrary: fc.constant(MARKET) });
// Few keys, so that a key comes back with the same or with other terms often.
const postingKey = fc.integer({ min: 0, max: 4 });
const holdKey = fc.integer({ min: 0, max: 3 });
// A spend is a share of the payer's balance at the time, so that overdrafts, spending exactly all and
// spending coins that are held (within the balance but beyond what is spendable) all come up often.
const share = fc.oneof(fc.integer({ min: 1, max: 150 }), fc.constant(100));
const feePct = fc.constantFrom(0, 0, 10, 15, 100);

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('grant' as const),
      key: postingKey,
      user,
      amount: fc.integer({ min: 1, max: 1_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      key: postingKey,
      from: party,
      to: party,
      share,
      feePct,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('hold' as const),
      key: holdKey,
      from: user,
      to: party,
      share,
      feePct,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('commit' as const), key: holdKey }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('void' as const), key: holdKey }) },
  { weight: 1, arbitrary: fc.constant({ op: 'retry' as const }) },
);

/** A command made concrete: accounts named, amounts fixed. */
interface Movement {
  op: 'grant' | 'transfer' | 'hold';
  key: string;
  from: string;
  to: string;
  amount: number;
  fee: number;
}
type Request = Movement | { op: 'commit'; key: string } | { op: 'void'; key: string };

type Outcome = { ok: true; value?: unknown } | { ok: false; code: string };

interface ModelHold {
  status: 'held' | 'committed' | 'voided';
  terms?: string;
  from?: string;
  to?: string;
  amount?: number;
  fee?: number;
}

const isUser = (account: string) => account.startsWith('user:');

/** The rules, for the run's own user accounts (platform accounts are shared by every run). */
class Model {
  readonly balance = new Map<string, number>();
  readonly held = new Map<string, number>();
  readonly postings = new Map<string, string>();
  readonly holds = new Map<string, ModelHold>();

  spendable(account: string): number {
    return (this.balance.get(account) ?? 0) - (this.held.get(account) ?? 0);
  }

  /** `share` percent of the payer's balance (of 400 for a platform account), at least 1. */
  amountOf(account: string, share: number): number {
    const base = isUser(account) ? (this.balance.get(account) ?? 0) : 400;
    return Math.max(1, Math.round((base * share) / 100));
  }

  apply(r: Request): Outcome {
    if (r.op === 'commit') return this.commit(r.key);
    if (r.op === 'void') return this.void(r.key);
    if (r.from === r.to) return { ok: false, code: 'invalid' };
    if (r.op === 'hold') return this.hold(r);
    const terms = [r.op, r.from, r.to, r.amount, r.fee].join('|');
    const earlier = this.postings.get(r.key);
    if (earlier !== undefined) return earlier === terms ? { ok: true } : { ok: false, code: 'conflict' };
    if (isUser(r.from) && this.spendable(r.from) < r.amount) return { ok: false, code: 'business_rule' };
    this.postings.set(r.key, terms);
    this.move(r.from, r.to, r.amount, r.fee);
    return { ok: true };
  }

  private move(from: string, to: string, amount: number, fee: number): void {
    this.balance.set(from, (this.balance.get(from) ?? 0) - amount);
    this.balance.set(to, (this.balance.get(to) ?? 0) + amount - fee);
  }

  private addHeld(account: string, delta: number): void {
    this.held.set(account, (this.held.get(account) ?? 0) + delta);
  }

  private hold(r: Movement): Outcome {
    const terms = [r.from, r.to, r.amount, r.fee].join('|');
    const earlier = this.holds.get(r.key);
    if (earlier?.status === 'voided') return { ok: true, value: 'voided' };
    if (earlier)
      return earlier.terms === terms ? { ok: true, value: earlier.status } : { ok: false, code: 'conflict' };
    if (this.spendable(r.from) < r.amount) return { ok: false, code: 'business_rule' };
    this.addHeld(r.from, r.amount);
    this.holds.set(r.key, { status: 'held', terms, from: r.from, to: r.to, amount: r.amount, fee: r.fee });
    return { ok: true, value: 'held' };
  }

  private commit(key: string): Outcome {
    const h = this.holds.get(key);
    if (!h) return { ok: false, code: 'not_found' };
    if (h.status === 'voided') return { ok: false, code: 'conflict' };
    if (h.status === 'held') {
      this.addHeld(h.from!, -h.amount!);
      this.move(h.from!, h.to!, h.amount!, h.fee!);
      h.status = 'committed';
    }
    return { ok: true, value: 'committed' };
  }

  private void(key: string): Outcome {
    const h = this.holds.get(key);
    if (!h) {
      this.holds.set(key, { status: 'voided' });
      return { ok: true, value: 'voided' };
    }
    if (h.status === 'committed') return { ok: false, code: 'conflict' };
    if (h.status === 'held') this.addHeld(h.from!, -h.amount!);
    h.status = 'voided';
    return { ok: true, value: 'voided' };
  }
}

/** Runs the request through the use case; a DomainError is an outcome, anything else fails the test. */
async function execute(r: Request): Promise<Outcome> {
  const common = { reason: 'property', reference: '' };
  try {
    switch (r.op) {
      case 'grant':
        return {
          ok: true,
          value: await grant(w.deps, {
            idempotencyKey: r.key,
            userId: Number(r.to.slice(5)),
            amount: r.amount,
            ...common,
          }),
        };
      case 'transfer':
        return {
          ok: true,
          value: await transfer(w.deps, {
            idempotencyKey: r.key,
            fromAccount: r.from,
            toAccount: r.to,
            amount: r.amount,
            fee: r.fee,
            ...common,
          }),
        };
      case 'hold':
        return {
          ok: true,
          value: await hold(w.deps, {
            holdKey: r.key,
            fromAccount: r.from,
            toAccount: r.to,
            amount: r.amount,
            fee: r.fee,
            ...common,
          }),
        };
      case 'commit':
        return { ok: true, value: await commitHold(w.deps, r.key) };
      case 'void':
        return { ok: true, value: await voidHold(w.deps, { holdKey: r.key, reason: 'property' }) };
    }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, code: error.code };
    throw error;
  }
}

/** What a successful answer must contain besides success itself. */
function expectedAnswer(r: Request, outcome: Outcome, model: Model): Record<string, unknown> {
  if (!outcome.ok) return {};
  if (r.op === 'grant') return { coins: model.spendable(r.to) };
  if (r.op === 'transfer') return isUser(r.from) ? { fromBalance: model.spendable(r.from) } : {};
  if (r.op === 'hold') return { status: outcome.value, fromBalance: model.spendable(r.from) };
  return { status: outcome.value };
}

let sequence = 0;

describe('ledger under random operations', () => {
  it('always audits clean, and every answer and balance matches the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 20 }), async (commands) => {
        // Fresh users and keys for every sequence (shrinking replays included): runs share one database.
        const run = ++sequence;
        const userId = (i: number) => 10_000 + run * 10 + i;
        const account = (i: number) => (i === MARKET ? 'platform:market' : `user:${userId(i)}`);
        const model = new Model();
        let previous: Request | undefined;

        for (const c of commands) {
          let r: Request | undefined;
          if (c.op === 'retry') r = previous;
          else if (c.op === 'commit' || c.op === 'void') r = { op: c.op, key: `r${run}:h${c.key}` };
          else if (c.op === 'grant')
            r = {
              op: 'grant',
              key: `r${run}:k${c.key}`,
              from: 'platform:mint',
              to: account(c.user),
              amount: c.amount,
              fee: 0,
            };
          else {
            const from = account(c.from);
            const amount = model.amountOf(from, c.share);
            const key = c.op === 'hold' ? `r${run}:h${c.key}` : `r${run}:k${c.key}`;
            r = {
              op: c.op,
              key,
              from,
              to: account(c.to),
              amount,
              fee: Math.floor((amount * c.feePct) / 100),
            };
          }
          if (!r) continue;
          previous = r;
          const expected = model.apply(r);
          const actual = await execute(r);
          const label = JSON.stringify(r);
          expect(actual.ok ? 'ok' : actual.code, label).toBe(expected.ok ? 'ok' : expected.code);
          if (actual.ok) expect(actual.value, label).toMatchObject(expectedAnswer(r, expected, model));
        }

        await expectLedgerOk(w.deps);
        for (let i = 0; i < USERS; i++) {
          expect(await getBalance(w.deps, userId(i))).toEqual({
            userId: userId(i),
            coins: model.spendable(account(i)),
            heldCoins: model.held.get(account(i)) ?? 0,
          });
        }
      }),
      { numRuns: 100 },
    );
    // A hundred sequences of up to twenty postings: a harness limit for a slow machine, not a timing claim.
  }, 120_000);
});
