import { batchConsumer, consumer, type EventConsumer } from '@touchline/kit';
import type { LeaderboardDeps } from './use-cases/deps';
import {
  onCardsBurned,
  onCardsMinted,
  onCardsTransferred,
  onPricesTicked,
  onUserBanned,
  onUserRegistered,
} from './use-cases/projection-events';

/** Events the board is built from; each runs in the inbox transaction (exactly once per event). */
export function leaderboardConsumers(deps: LeaderboardDeps): EventConsumer[] {
  return [
    // A batch of card events is folded at once (projection-events.ts says why that is safe).
    batchConsumer('cards.card.minted', (events, trx) => onCardsMinted(deps, trx, events)),
    batchConsumer('cards.card.transferred', (events, trx) => onCardsTransferred(deps, trx, events)),
    batchConsumer('cards.card.burned', (events, trx) => onCardsBurned(deps, trx, events)),
    consumer('market.prices.ticked', (event, meta, trx) => onPricesTicked(deps, trx, event, meta)),
    consumer('identity.user.registered', (event, meta, trx) => onUserRegistered(deps, trx, event, meta)),
    consumer('identity.user.banned', (event, meta, trx) => onUserBanned(deps, trx, event, meta)),
  ];
}
