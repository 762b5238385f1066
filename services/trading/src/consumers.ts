import { consumer, type EventConsumer } from '@touchline/kit';
import { recordSale } from './use-cases/trade-history';

/** Events trading reacts to; each runs in the inbox transaction (exactly once per event). */
export function tradingConsumers(): EventConsumer[] {
  return [consumer('market.sale.completed', (sale, _meta, trx) => recordSale(trx, sale))];
}
