import { consumer, type EventConsumer } from '@touchline/kit';
import { onCardTransferred, onListingCreated, onUserBanned } from './use-cases/card-events';
import type { TradingDeps } from './use-cases/deps';
import { recordSale } from './use-cases/trade-history';

/** Events trading reacts to; each runs in the inbox transaction (exactly once per event). */
export function tradingConsumers(deps: TradingDeps): EventConsumer[] {
  return [
    consumer('market.sale.completed', (sale, _meta, trx) => recordSale(trx, sale)),
    consumer('cards.card.transferred', (event, _meta, trx) => onCardTransferred(deps, trx, event)),
    consumer('cards.listing.created', (event, _meta, trx) => onListingCreated(deps, trx, event)),
    consumer('identity.user.banned', (event, _meta, trx) => onUserBanned(deps, trx, event)),
  ];
}
