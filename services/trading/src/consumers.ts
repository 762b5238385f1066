import { consumer, type EventConsumer } from '@touchline/kit';
import { onCardsTransferred, onListingsCreated, onUserBanned } from './use-cases/card-events';
import type { TradingDeps } from './use-cases/deps';
import { recordSales } from './use-cases/trade-history';

/** Events trading reacts to; each runs in the inbox transaction (exactly once per event). */
export function tradingConsumers(deps: TradingDeps): EventConsumer[] {
  return [
    // History rows, listed and moved cards do not depend on each other: a fetched batch goes at once.
    consumer('market.sale.completed', (sale, _meta, trx) => recordSales(trx, [sale]), {
      handleMany: (sales, trx) =>
        recordSales(
          trx,
          sales.map(({ event }) => event),
        ),
    }),
    consumer('cards.card.transferred', (event, _meta, trx) => onCardsTransferred(deps, trx, [event]), {
      handleMany: (events, trx) =>
        onCardsTransferred(
          deps,
          trx,
          events.map(({ event }) => event),
        ),
    }),
    consumer('cards.listing.created', (event, _meta, trx) => onListingsCreated(deps, trx, [event]), {
      handleMany: (events, trx) =>
        onListingsCreated(
          deps,
          trx,
          events.map(({ event }) => event),
        ),
    }),
    consumer('identity.user.banned', (event, _meta, trx) => onUserBanned(deps, trx, event)),
  ];
}
