import { businessRule, conflict, type OutboxEvent, type Tx } from '@touchline/kit';
import { addHeld, applyEntries, findAccounts, lockAccounts, type AccountRow } from '../db/accounts';
import { claimKey, findTransaction, insertEntries, recordPosting } from '../db/transactions';
import { userAccountsIn, userIdOf } from '../domain/accounts';
import { canDebit, NOT_ENOUGH_COINS, spendable } from '../domain/funds';
import { isBalanced, type Entry } from '../domain/posting';
import type { WalletDeps } from './deps';

export interface PostingOrder {
  key: string;
  fingerprint: string;
  reason: string;
  reference: string;
  entries: Entry[];
  /** Accounts to lock and report besides those with entries (the recipient of a fee-only transfer). */
  alsoAccounts?: string[];
  /** Coins of a hold on the debited account that this posting settles (CommitHold). */
  released?: { account: string; amount: number };
}

export interface Posted {
  transactionId: number;
  /** True when the key had been posted before: nothing was written this time. */
  replayed: boolean;
  /** The accounts of the posting afterwards (now, for a replay). */
  accounts: Map<string, AccountRow>;
}

/** Spendable coins of an account in a result map; 0 for an account that does not exist. */
export function spendableOf(accounts: Map<string, AccountRow>, name: string): number {
  const row = accounts.get(name);
  return row ? spendable(row) : 0;
}

/** The accounts a posting locks: lock these first when the transaction locks other rows too. */
export function involvedAccounts(order: PostingOrder): string[] {
  return [...order.entries.map((e) => e.account), ...(order.alsoAccounts ?? [])];
}

async function replay(trx: Tx, order: PostingOrder): Promise<Posted> {
  const earlier = await findTransaction(trx, order.key);
  if (!earlier) throw new Error(`idempotency key ${order.key} claimed but not found`);
  if (earlier.fingerprint !== order.fingerprint)
    throw conflict('Idempotency key was used for another posting');
  // A platform account is not read, as in the first answer (decision 0020: its balance is 0 there).
  const users = userAccountsIn(involvedAccounts(order));
  return { transactionId: earlier.id, replayed: true, accounts: await findAccounts(trx, users) };
}

/**
 * Posts one balanced transaction inside the caller's database transaction: locks the accounts in
 * name order (before anything else, db/accounts.ts), claims the key, refuses an overdraft of a user account (rolling everything back), writes
 * the entries, updates the cached balances and announces every user credit and balance change. The same key again
 * returns the first transaction and writes nothing.
 */
export async function post(
  deps: WalletDeps,
  trx: Tx,
  order: PostingOrder,
  /** The accounts of the posting, when the caller has locked them already (lockAccounts) in this transaction. */
  alreadyLocked?: Map<string, AccountRow>,
): Promise<Posted> {
  if (!isBalanced(order.entries)) throw new Error(`unbalanced posting for key ${order.key}`);
  const now = deps.clock.now();
  const locked = alreadyLocked ?? (await lockAccounts(trx, involvedAccounts(order)));
  const key = {
    idempotency_key: order.key,
    fingerprint: order.fingerprint,
    reason: order.reason,
    reference: order.reference,
    created_at: now,
  };
  // The usual case in one statement, a hold's release included when its account has an entry. A
  // posting that the balances may not cover takes the steps one by one: a key posted before must
  // answer its first outcome, not a refusal.
  const releasedInEntries =
    !order.released || order.entries.some((entry) => entry.account === order.released!.account);
  if (releasedInEntries && debitsCovered(order, locked)) {
    const recorded = await recordPosting(trx, key, order.entries, now, order.released);
    if (!recorded) return replay(trx, order);
    const accounts = new Map([...locked, ...recorded.accounts.map((row) => [row.name, row] as const)]);
    await announce(deps, trx, recorded.transactionId, order, accounts, now);
    return { transactionId: recorded.transactionId, replayed: false, accounts };
  }
  const transactionId = await claimKey(trx, key);
  if (transactionId === undefined) return replay(trx, order);
  if (!debitsCovered(order, locked)) throw businessRule(NOT_ENOUGH_COINS);
  // Release before debiting: the CHECK on accounts (balance - held >= 0) holds after every statement.
  if (order.released) await addHeld(trx, order.released.account, -order.released.amount, now);
  await insertEntries(trx, transactionId, order.entries, now);
  const accounts = new Map([...locked, ...(await applyEntries(trx, order.entries, now))]);
  await announce(deps, trx, transactionId, order, accounts, now);
  return { transactionId, replayed: false, accounts };
}

/** The posting's events, credits then balances, in one outbox write. */
function announce(
  deps: WalletDeps,
  trx: Tx,
  transactionId: number,
  order: PostingOrder,
  accounts: Map<string, AccountRow>,
  now: Date,
): Promise<string[]> {
  return deps.outbox.addAll(trx, [
    ...creditEvents(transactionId, order, accounts, now),
    ...balanceEvents(transactionId, order, accounts, now),
  ]);
}

/** Whether every debit of the posting is covered by its account's spendable coins (plus what it releases). */
function debitsCovered(order: PostingOrder, locked: Map<string, AccountRow>): boolean {
  return order.entries.every((entry) => {
    if (entry.amount >= 0) return true;
    const released = order.released?.account === entry.account ? order.released.amount : 0;
    return canDebit(locked.get(entry.account)!, -entry.amount, released);
  });
}

/** wallet.coins.credited for every user account the posting raised (events.proto). */
function creditEvents(
  transactionId: number,
  order: PostingOrder,
  accounts: Map<string, AccountRow>,
  now: Date,
): OutboxEvent[] {
  return order.entries.flatMap((entry): OutboxEvent[] => {
    const userId = userIdOf(entry.account);
    if (userId === undefined || entry.amount <= 0) return [];
    const payload = {
      transactionId,
      userId,
      amount: entry.amount,
      reason: order.reason,
      reference: order.reference,
      balance: spendableOf(accounts, entry.account),
      creditedAt: now.toISOString(),
    };
    return [{ topic: 'wallet.coins.credited', key: String(userId), payload }];
  });
}

/**
 * wallet.balance.changed once per user account whose balance the posting moved, debits included
 * (events.proto). The version is the transaction id: the account row is locked before the id is
 * drawn, so one user's versions grow in commit order and a page ignores an older balance.
 */
function balanceEvents(
  transactionId: number,
  order: PostingOrder,
  accounts: Map<string, AccountRow>,
  now: Date,
): OutboxEvent[] {
  const moved = new Map<number, string>();
  const net = new Map<string, number>();
  for (const entry of order.entries) net.set(entry.account, (net.get(entry.account) ?? 0) + entry.amount);
  for (const [account, amount] of net) {
    const userId = userIdOf(account);
    if (userId !== undefined && amount !== 0) moved.set(userId, account);
  }
  return [...moved].map(([userId, account]) => ({
    topic: 'wallet.balance.changed',
    key: String(userId),
    payload: {
      userId,
      balance: spendableOf(accounts, account),
      version: transactionId,
      changedAt: now.toISOString(),
    },
  }));
}
