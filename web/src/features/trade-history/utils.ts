import { format, isValid, parseISO } from 'date-fns';

import { formatNumber } from '@/lib/format';

import type { TradeExchange, TradeRecord } from '@touchline/contract';

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
  auction: 'Auction',
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

function cellOf(value: number): ProfitLossCell {
  if (value > 0) return { text: `+${formatNumber(value)}`, trend: 'up' };
  return { text: value < 0 ? `-${formatNumber(Math.abs(value))}` : '0', trend: 'down' };
}

/** The server sends a P/L only for the caller's own sales (null otherwise). */
const finiteOrZero = (value: number | null) => (value !== null && Number.isFinite(value) ? value : 0);

/**
 * A sale's P/L: only where the user sold it for coins. A card given away in a trade (no coins paid for
 * it, salePrice 0) has no profit or loss to speak of: no cell, rather than a red '0'.
 */
export function profitLossCell(
  record: Pick<TradeRecord, 'sellerUserId' | 'profitLoss'> & Partial<Pick<TradeRecord, 'salePrice'>>,
  userId: number | undefined,
): ProfitLossCell | null {
  if (userId === undefined || record.sellerUserId !== userId) return null;
  if (record.salePrice !== undefined && !(record.salePrice > 0)) return null;
  return cellOf(finiteOrZero(record.profitLoss));
}

/** A trade's P/L for the user: the sum over the cards they gave for coins; none when no coins paid for any. */
export function tradeProfitLossCell(
  records: readonly TradeRecord[],
  userId: number | undefined,
): ProfitLossCell | null {
  const sold = records.filter((r) => profitLossCell(r, userId) !== null);
  if (sold.length === 0) return null;
  return cellOf(sold.reduce((sum, r) => sum + finiteOrZero(r.profitLoss), 0));
}

/** A row of the history: a market sale or buy (one card), or a whole trade (its cards and coins). */
export type HistoryRow =
  { kind: 'sale'; record: TradeRecord } | { kind: 'trade'; exchange: TradeExchange; records: TradeRecord[] };

/** The two sides of a trade, each with what it gave: the sender's offer, then what it asked for. */
export function tradeSides(exchange: TradeExchange) {
  return [
    { party: exchange.fromUser, cards: exchange.offeredCards, coins: exchange.offeredCoins },
    { party: exchange.toUser, cards: exchange.requestedCards, coins: exchange.requestedCoins },
  ];
}

/**
 * One row per market transaction and one per trade: a trade's per-card records are gathered under
 * the exchange they share, at the place of the newest of them.
 */
export function historyRows(records: readonly TradeRecord[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const trades = new Map<number, TradeRecord[]>();
  for (const record of records) {
    if (!record.trade) {
      rows.push({ kind: 'sale', record });
      continue;
    }
    const gathered = trades.get(record.trade.offerId);
    if (gathered) {
      gathered.push(record);
      continue;
    }
    const group = [record];
    trades.set(record.trade.offerId, group);
    rows.push({ kind: 'trade', exchange: record.trade, records: group });
  }
  return rows;
}
