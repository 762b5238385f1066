import { format, isValid, parseISO } from 'date-fns';

import { formatNumber } from '@/lib/format';

import type { TradeRecord } from './types';

/** The Date column: 'MM/dd HH:mm' in local time; 'N/A' when missing, 'Invalid' when unparseable. */
export function formatTradeDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return 'N/A';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MM/dd HH:mm') : 'Invalid';
}

const TRADE_TYPE_LABELS: Record<string, string> = {
  market_sale: 'Market Sale',
  market_buy: 'Market Buy',
  trade: 'Trade',
};

/** The Type column: a readable label; unknown types are shown as sent. */
export function tradeTypeLabel(type: string): string {
  return TRADE_TYPE_LABELS[type] ?? type;
}

/** The P/L shown on a row: only where the user sold; 'up' when profit > 0, 'down' otherwise. */
export interface ProfitLossCell {
  text: string;
  trend: 'up' | 'down';
}

export function profitLossCell(
  record: Pick<TradeRecord, 'sellerUserId' | 'profitLoss'>,
  userId: number | undefined,
): ProfitLossCell | null {
  if (userId === undefined || record.sellerUserId !== userId) return null;
  const value = Number.isFinite(record.profitLoss) ? record.profitLoss : 0;
  if (value > 0) return { text: `+${formatNumber(value)}`, trend: 'up' };
  return { text: value < 0 ? `-${formatNumber(Math.abs(value))}` : '0', trend: 'down' };
}
