import { api, TRADE_HISTORY_SPEC_SIZE, type TradeHistoryPage } from '@touchline/contract';

import { usePagedList } from '@/hooks/use-paged-list';
import { call } from '@/lib/api';
import { asPage } from '@/lib/data/pages';

export const tradeHistoryKeys = {
  all: ['trade-history'] as const,
  market: () => [...tradeHistoryKeys.all, 'market'] as const,
  mine: () => [...tradeHistoryKeys.all, 'user'] as const,
};

/** The first page holds what the spec's unpaged call shows; more load on demand. */
export const TRADE_HISTORY_PAGE_SIZE = TRADE_HISTORY_SPEC_SIZE;

const historyPage =
  (route: typeof api.tradeHistory.all | typeof api.tradeHistory.mine) =>
  async (cursor: string | null, signal?: AbortSignal): Promise<TradeHistoryPage> =>
    asPage(await call(route, { query: { cursor, limit: TRADE_HISTORY_PAGE_SIZE }, signal }));

export const getTradeHistoryPage = historyPage(api.tradeHistory.all);
export const getUserTradeHistoryPage = historyPage(api.tradeHistory.mine);

/** Every transaction, newest first (Market Transactions), a page at a time. */
export function useTradeHistory() {
  return usePagedList({ queryKey: tradeHistoryKeys.market(), fetchPage: getTradeHistoryPage });
}

/** The signed-in user's transactions, newest first (My Transactions), a page at a time. */
export function useUserTradeHistory() {
  return usePagedList({ queryKey: tradeHistoryKeys.mine(), fetchPage: getUserTradeHistoryPage });
}
