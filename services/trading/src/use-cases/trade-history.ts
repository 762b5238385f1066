import type { Db, Tx } from '@touchline/kit';
import { idCursors } from '@touchline/kit';
import type { ListTradeHistoryRequest__Output } from '@touchline/protos/gen/touchline/trading/ListTradeHistoryRequest';
import type { ListTradeHistoryResponse } from '@touchline/protos/gen/touchline/trading/ListTradeHistoryResponse';
import type { EventOutput } from '@touchline/protos';
import { acceptedExchanges } from '../db/trade-exchanges';
import {
  offerIdOfReference,
  tradeExchange,
  type TradedCardSnapshot,
  type TradeExchangeView,
} from '../domain/history';
import { historyPage, insertHistory, type HistoryRow } from '../db/trade-history';
import { historyRecord } from '../mappers';

const DEFAULT_PAGE = 100;
const MAX_PAGE = 500;

/** One list for both views: a cursor of everyone's history is a position in the user's too (ids). */
const historyPages = idCursors('trade-history');

/**
 * Completed market sales become history records (once: the reference is unique), in one insert for
 * a fetched batch, in the order the sales came.
 */
export async function recordSales(trx: Tx, sales: EventOutput<'market.sale.completed'>[]): Promise<void> {
  await insertHistory(
    trx,
    sales.map((sale) => ({
      reference: sale.saleId,
      // A sale at auction is its own type (issue 45); a listing's sale, or a direct buy from the market.
      trade_type: sale.auctionId ? 'auction' : sale.listingId ? 'market_sale' : 'market_buy',
      card_id: sale.cardId,
      player_id: sale.playerId,
      player_name: sale.playerName,
      rarity: sale.rarity,
      seller_user_id: sale.sellerUserId,
      buyer_user_id: sale.buyerUserId,
      sale_price: sale.price,
      profit_loss: sale.profitLoss,
      created_at: new Date(sale.completedAt),
    })),
  );
}

/** Newest first, keyset-paged by id; mine_only keeps the caller's sales and purchases. */
export async function listTradeHistory(
  db: Db,
  request: ListTradeHistoryRequest__Output,
): Promise<ListTradeHistoryResponse> {
  const size = Math.min(request.page?.pageSize || DEFAULT_PAGE, MAX_PAGE);
  const before = historyPages.decode(request.page?.cursor ?? '');
  const rows = await historyPage(db, {
    before,
    limit: size + 1,
    userId: request.mineOnly ? request.userId : undefined,
  });
  const page = rows.slice(0, size);
  const exchanges = await exchangesOf(db, page);
  return {
    records: page.map((r) => ({
      ...historyRecord(r),
      exchange: exchanges.get(offerIdOfReference(r.reference) ?? 0),
    })),
    nextCursor: rows.length > size ? historyPages.encode(page[page.length - 1]!.id) : '',
  };
}

/** What each trade on the page exchanged, by offer id: one query for the whole page. */
async function exchangesOf(db: Db, rows: HistoryRow[]): Promise<Map<number, TradeExchangeView>> {
  const offerIds = [
    ...new Set(rows.filter((r) => r.trade_type === 'trade').map((r) => offerIdOfReference(r.reference))),
  ].filter((id): id is number => id !== undefined);
  const found = await acceptedExchanges(db, offerIds);
  return new Map(
    found.map((row) => {
      // pg parses jsonb; be lenient with a driver that hands back the text.
      const cards =
        typeof row.cards === 'string' ? (JSON.parse(row.cards) as TradedCardSnapshot[]) : row.cards;
      const terms = {
        fromUserId: row.from_user_id,
        toUserId: row.to_user_id,
        offeredCoins: row.offered_coins,
        requestedCoins: row.requested_coins,
      };
      return [row.offer_id, tradeExchange(row.offer_id, terms, cards)];
    }),
  );
}
