import { consumer, type EventConsumer } from '@touchline/kit';
import type { LeaderboardDeps } from './use-cases/deps';
import {
  onCardMinted,
  onCardTransferred,
  onPricesTicked,
  onUserBanned,
  onUserRegistered,
} from './use-cases/projection-events';

/** Events the board is built from; each runs in the inbox transaction (exactly once per event). */
export function leaderboardConsumers(deps: LeaderboardDeps): EventConsumer[] {
  return [
    consumer('cards.card.minted', (event, meta, trx) => onCardMinted(deps, trx, event, meta)),
    consumer('cards.card.transferred', (event, meta, trx) => onCardTransferred(deps, trx, event, meta)),
    consumer('market.prices.ticked', (event, meta, trx) => onPricesTicked(deps, trx, event, meta)),
    consumer('identity.user.registered', (event, meta, trx) => onUserRegistered(deps, trx, event, meta)),
    consumer('identity.user.banned', (event, meta, trx) => onUserBanned(deps, trx, event, meta)),
  ];
}
