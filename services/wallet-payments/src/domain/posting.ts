import { PLATFORM } from './accounts';
import type { TransferTerms } from './validation';

/** One line of a ledger transaction: a signed amount on one account. */
export interface Entry {
  account: string;
  amount: number;
}

/**
 * The entries of a transfer: `from` −amount, `to` +(amount − fee), platform:profit +fee. Lines on
 * the same account are merged (a transfer to platform:profit) and zero lines dropped (fee == amount,
 * or no fee), so every account appears at most once and the result always sums to zero.
 */
export function transferEntries(terms: TransferTerms): Entry[] {
  const lines: Entry[] = [
    { account: terms.from, amount: -terms.amount },
    { account: terms.to, amount: terms.amount - terms.fee },
    { account: PLATFORM.profit, amount: terms.fee },
  ];
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.account, (merged.get(line.account) ?? 0) + line.amount);
  return [...merged].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, amount }));
}

/** A grant is a fee-free transfer out of the mint. */
export function grantEntries(to: string, amount: number): Entry[] {
  return transferEntries({ from: PLATFORM.mint, to, amount, fee: 0 });
}

export function isBalanced(entries: readonly Entry[]): boolean {
  return entries.reduce((sum, e) => sum + e.amount, 0) === 0;
}

/**
 * What a posting key stands for. A retry must ask for the same movement of coins; the same key with
 * other terms is a caller bug and is refused rather than answered with the first outcome.
 */
export function fingerprint(operation: 'grant' | 'transfer' | 'commit', terms: TransferTerms): string {
  return [operation, terms.from, terms.to, terms.amount, terms.fee].join('|');
}
