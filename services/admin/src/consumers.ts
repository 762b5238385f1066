import { consumer, type EventConsumer } from '@touchline/kit';
import { isSaleBetweenPlayers, onSaleCompleted, onTradeAccepted } from './use-cases/exchanges';

/** Events admin reads: the exchanges between players that anti-fraud looks at. */
export function adminConsumers(): EventConsumer[] {
  return [
    consumer('trading.trade.accepted', (event, _meta, trx) => onTradeAccepted(trx, event)),
    consumer('market.sale.completed', (event, _meta, trx) => onSaleCompleted(trx, event), {
      relevant: isSaleBetweenPlayers,
    }),
  ];
}
