import { useQuery } from '@tanstack/react-query';

import { api } from '@touchline/contract';

import { call } from '@/lib/api';

export const tradeHistoryKeys = {
  all: ['trade-history'] as const,
  market: () => [...tradeHistoryKeys.all, 'market'] as const,
  mine: () => [...tradeHistoryKeys.all, 'user'] as const,
};

export const getTradeHistory = (signal?: AbortSignal) => call(api.tradeHistory.all, { signal });
export const getUserTradeHistory = (signal?: AbortSignal) => call(api.tradeHistory.mine, { signal });

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
