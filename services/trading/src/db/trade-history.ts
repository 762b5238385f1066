import type { Knex } from 'knex';
import type { Db } from './offers';

export interface HistoryRow {
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

/** Records history rows once each (the reference is unique: a repeated event adds nothing). */
export async function insertHistory(trx: Knex.Transaction, rows: Omit<HistoryRow, 'id'>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx('trade_history').insert(rows).onConflict('reference').ignore();
}

/** Newest first, before the id `before` (when given); with `userId`, only that user's sales and purchases. */
export async function historyPage(
  db: Db,
  page: { before?: number; limit: number; userId?: number },
): Promise<HistoryRow[]> {
  const query = db<HistoryRow>('trade_history').orderBy('id', 'desc').limit(page.limit);
  if (page.before) query.where('id', '<', page.before);
  if (page.userId !== undefined) {
    const userId = page.userId;
    query.where((q) => q.where('seller_user_id', userId).orWhere('buyer_user_id', userId));
  }
  return (await query) as HistoryRow[];
}
