import type { AccountKind } from './accounts';

export const NOT_ENOUGH_COINS = 'Not enough coins';

export interface Funds {
  kind: AccountKind;
  balance: number;
  held: number;
}

/** Coins an account can spend: its balance minus what open holds reserve. */
export function spendable(funds: Pick<Funds, 'balance' | 'held'>): number {
  return funds.balance - funds.held;
}

/**
 * Whether `amount` may leave the account. Platform accounts may go negative (the mint is the source
 * of all coins); a user account only spends what is not reserved. `released` is the part of a hold
 * this same posting settles, so committing a hold never fails for lack of funds.
 */
export function canDebit(funds: Funds, amount: number, released = 0): boolean {
  return funds.kind === 'platform' || spendable(funds) + released >= amount;
}
