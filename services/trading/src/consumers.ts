import { batchConsumer, consumer, type EventConsumer } from '@touchline/kit';
import { MARKET_USER_ID } from '@touchline/rules';
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
    batchConsumer('cards.card.transferred', (moves, trx) => onCardsTransferred(deps, trx, eventsOf(moves)), {
      // Two kinds of move ask nothing, so no transaction for them: a card leaving the market's supply
      // (a market buy, an admin's grant) was in no offer or wish, those hold players' cards and its
      // move to the market ended them (bench:cost: 2 ms and 1.8 statements of a market buy); and a
      // trade's own transfers, whose saga ended what they would.
      relevant: (move) => move.fromUserId !== MARKET_USER_ID && !isTradeReference(move.reference),
    }),
    batchConsumer('cards.card.burned', (burned, trx) => onCardsBurned(deps, trx, eventsOf(burned))),
    batchConsumer('cards.listing.created', (listed, trx) => onListingsCreated(deps, trx, eventsOf(listed))),
    consumer('identity.user.banned', (event, _meta, trx) => onUserBanned(deps, trx, event)),
  ];
}
