import type { Knex } from 'knex';
import { invalid } from '@touchline/kit';
import type { ListTradeHistoryRequest__Output } from '@touchline/protos/gen/touchline/trading/ListTradeHistoryRequest';
import type { ListTradeHistoryResponse } from '@touchline/protos/gen/touchline/trading/ListTradeHistoryResponse';
import type { EventOutput } from '@touchline/protos';

const DEFAULT_PAGE = 100;
const MAX_PAGE = 500;

interface HistoryRow {
  id: number;
  reference: string;
  trade_type: string;
  card_id: number;
  player_id: number;
  player_name: string;
  rarity: string;
  seller_user_id: number;
  buyer_user_id: number;
  sale_price: number;
  profit_loss: number;
  created_at: Date;
}

/** A completed market sale becomes a history record (once: the reference is unique). */
export async function recordSale(
  trx: Knex.Transaction,
  sale: EventOutput<'market.sale.completed'>,
): Promise<void> {
  await trx('trade_history')
    .insert({
      reference: sale.saleId,
      trade_type: sale.listingId ? 'market_sale' : 'market_buy',
      card_id: sale.cardId,
      player_id: sale.playerId,
      player_name: sale.playerName,
      rarity: sale.rarity,
      seller_user_id: sale.sellerUserId,
      buyer_user_id: sale.buyerUserId,
      sale_price: sale.price,
      profit_loss: sale.profitLoss,
      created_at: new Date(sale.completedAt),
    })
    .onConflict('reference')
    .ignore();
}

/** Newest first, keyset-paged by id; mine_only keeps the caller's sales and purchases. */
export async function listTradeHistory(
  db: Knex,
  request: ListTradeHistoryRequest__Output,
): Promise<ListTradeHistoryResponse> {
  const size = Math.min(request.page?.pageSize || DEFAULT_PAGE, MAX_PAGE);
  const before = request.page?.pageToken ? Number(request.page.pageToken) : undefined;
  if (before !== undefined && (!Number.isSafeInteger(before) || before <= 0))
    throw invalid('Invalid page token');
  const query = db<HistoryRow>('trade_history')
    .orderBy('id', 'desc')
    .limit(size + 1);
  if (before) query.where('id', '<', before);
  if (request.mineOnly) {
    query.where((q) => q.where('seller_user_id', request.userId).orWhere('buyer_user_id', request.userId));
  }
  const rows = (await query) as HistoryRow[];
  const page = rows.slice(0, size);
  return {
    records: page.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      playerName: r.player_name,
      playerId: r.player_id,
      rarity: r.rarity,
      tradeType: r.trade_type,
      sellerUserId: r.seller_user_id,
      buyerUserId: r.buyer_user_id,
      salePrice: r.sale_price,
      profitLoss: r.profit_loss,
      cardId: r.card_id,
      reference: r.reference,
    })),
    nextPageToken: rows.length > size ? String(page[page.length - 1]!.id) : '',
  };
}
