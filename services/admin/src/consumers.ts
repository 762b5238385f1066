import { consumer, type EventConsumer, type Tx } from '@touchline/kit';
import { isSaleBetweenPlayers, onSaleCompleted, onTradeAccepted } from './use-cases/exchanges';

/**
 * Events admin reads: the exchanges between players that anti-fraud looks at. Each queues its users
 * for the fraud reviewer, which `reviewSoon` wakes once the inbox transaction has committed.
 */
export function adminConsumers(reviewSoon: () => void = () => {}): EventConsumer[] {
  const afterCommit = (trx: Tx) => void trx.executionPromise.then(reviewSoon, () => {});
  return [
    consumer('trading.trade.accepted', async (event, _meta, trx) => {
      await onTradeAccepted(trx, event);
      afterCommit(trx);
    }),
    consumer(
      'market.sale.completed',
      async (event, _meta, trx) => {
        await onSaleCompleted(trx, event);
        afterCommit(trx);
      },
      { relevant: isSaleBetweenPlayers },
    ),
  ];
}
