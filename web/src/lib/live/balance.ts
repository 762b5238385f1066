import type { QueryClient } from '@tanstack/react-query';

import type { Balance, LiveBalance, User } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';
import { marketKeys } from '@/lib/data/market';

/**
 * The newest balance version applied, per app (query client) and user: events of two changes can
 * cross on the way (two gateway replicas, a reconnect), and an older one must not undo a newer one.
 */
const applied = new WeakMap<QueryClient, { userId: number | undefined; version: number }>();

/** The event carries the new balance: the pill and the balance box show it at once, without a request. */
export function onBalance(queryClient: QueryClient, { balance, version }: LiveBalance): void {
  const userId = queryClient.getQueryData<User | null>(userQueryKey)?.id;
  const last = applied.get(queryClient);
  if (last && last.userId === userId && version <= last.version) return;
  applied.set(queryClient, { userId, version });
  queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, coins: balance } : user));
  queryClient.setQueryData<Balance>(marketKeys.balance(), (shown) => shown && { ...shown, coins: balance });
  // The event carries the spendable coins only; the coins held (a trade's coins, a cash-out) move with
  // them, so a screen that shows the held figure (the wallet sheet, the balance box) reads it again.
  void queryClient.invalidateQueries({ queryKey: marketKeys.balance(), exact: true, refetchType: 'active' });
}
