import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';

import type { TradeRecord } from './types';

export const tradeHistoryKeys = {
  all: ['trade-history'] as const,
  market: () => [...tradeHistoryKeys.all, 'market'] as const,
  mine: () => [...tradeHistoryKeys.all, 'user'] as const,
};

export const getTradeHistory = (signal?: AbortSignal) => api.get<TradeRecord[]>('/api/trade-history', signal);
export const getUserTradeHistory = (signal?: AbortSignal) =>
  api.get<TradeRecord[]>('/api/trade-history/user', signal);

/** Every transaction, newest first (Market Transactions). */
export function useTradeHistory() {
  return useQuery({ queryKey: tradeHistoryKeys.market(), queryFn: ({ signal }) => getTradeHistory(signal) });
}

/** The signed-in user's transactions, newest first (My Transactions). */
export function useUserTradeHistory() {
  return useQuery({
    queryKey: tradeHistoryKeys.mine(),
    queryFn: ({ signal }) => getUserTradeHistory(signal),
  });
}
