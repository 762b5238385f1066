import type { AccountKind } from './accounts';

/** One account as the audit reads it: the cached columns next to what the entries and holds derive. */
export interface AccountAudit {
  account: string;
  kind: AccountKind;
  /** Cached balance column. */
  balance: number;
  /** Sum of the account's entries. */
  derivedBalance: number;
  /** Cached held column. */
  held: number;
  /** Sum of the account's open ('held') holds. */
  openHolds: number;
}

export interface AccountMismatch {
  account: string;
  storedBalance: number;
  derivedBalance: number;
}

export interface LedgerReport {
  ok: boolean;
  /** Sum of every entry; 0 when the ledger is balanced. */
  total: number;
  mismatches: AccountMismatch[];
  negativeUserAccounts: number;
}

/**
 * Compares cached balances with the entries. A wrong `held` is reported as a mismatch of
 * "{account}:held" so one list carries both kinds of drift.
 */
export function auditLedger(total: number, accounts: readonly AccountAudit[]): LedgerReport {
  const mismatches: AccountMismatch[] = [];
  let negativeUserAccounts = 0;
  for (const a of accounts) {
    if (a.balance !== a.derivedBalance)
      mismatches.push({ account: a.account, storedBalance: a.balance, derivedBalance: a.derivedBalance });
    if (a.held !== a.openHolds)
      mismatches.push({ account: `${a.account}:held`, storedBalance: a.held, derivedBalance: a.openHolds });
    if (a.kind === 'user' && (a.derivedBalance < 0 || a.balance < 0 || a.balance - a.held < 0))
      negativeUserAccounts++;
  }
  return {
    ok: total === 0 && mismatches.length === 0 && negativeUserAccounts === 0,
    total,
    mismatches,
    negativeUserAccounts,
  };
}
