import { batchConsumer, consumer, type EventConsumer } from '@touchline/kit';
import { onCardsBurned, onCardsTransferred, onListingsCreated, onUserBanned } from './use-cases/card-events';
import { isTradeReference } from './domain/saga';
import type { TradingDeps } from './use-cases/deps';
import { recordSales } from './use-cases/trade-history';

const eventsOf = <T>(delivered: { event: T }[]): T[] => delivered.map(({ event }) => event);

/** Events trading reacts to; each runs in the inbox transaction (exactly once per event). */
export function tradingConsumers(deps: TradingDeps): EventConsumer[] {
  return [
    // History rows, listed and moved cards do not depend on each other: a fetched batch goes at once.
    batchConsumer('market.sale.completed', (sales, trx) => recordSales(trx, eventsOf(sales))),
    // A trade's own transfers ask nothing (its saga ended what they would): no inbox transaction for them.
    batchConsumer('cards.card.transferred', (moves, trx) => onCardsTransferred(deps, trx, eventsOf(moves)), {
      relevant: (move) => !isTradeReference(move.reference),
    }),
    batchConsumer('cards.card.burned', (burned, trx) => onCardsBurned(deps, trx, eventsOf(burned))),
    batchConsumer('cards.listing.created', (listed, trx) => onListingsCreated(deps, trx, eventsOf(listed))),
    consumer('identity.user.banned', (event, _meta, trx) => onUserBanned(deps, trx, event)),
  ];
}
