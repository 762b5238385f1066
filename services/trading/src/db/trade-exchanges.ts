import type { Knex } from 'knex';
import type { TradedCardSnapshot } from '../domain/history';

export interface ExchangeRow {
  offer_id: number;
  from_user_id: number;
  to_user_id: number;
  offered_coins: number;
  requested_coins: number;
  /** The committed accept saga's snapshot of the traded cards. */
  cards: TradedCardSnapshot[] | string;
}

/** The accepted offers with the cards their committed saga moved, for the trade history's rows. */
export async function acceptedExchanges(db: Knex, offerIds: number[]): Promise<ExchangeRow[]> {
  if (offerIds.length === 0) return [];
  return (await db('trade_offers as o')
    .join('trade_sagas as s', (j) => j.on('s.offer_id', 'o.id').andOnVal('s.state', 'committed'))
    .whereIn('o.id', offerIds)
    .select(
      'o.id as offer_id',
      'o.from_user_id',
      'o.to_user_id',
      'o.offered_coins',
      'o.requested_coins',
      's.cards',
    )) as ExchangeRow[];
}
