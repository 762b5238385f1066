import { consumer, type EventConsumer } from '@touchline/kit';
import { onUserBanned } from './use-cases/banned';
import { onMatchdayScored } from './use-cases/pitch-demand';
import type { CardsDeps } from './use-cases/deps';
import { grantStarterPack } from './use-cases/starter-pack';

/** Events cards-market reacts to; each runs in the inbox transaction (exactly once per event). */
export function cardsConsumers(deps: CardsDeps): EventConsumer[] {
  return [
    consumer('identity.user.registered', async (event, _meta, trx) => {
      await grantStarterPack(deps, trx, event.userId);
      void trx.executionPromise.then(
        () => deps.players.invalidate(),
        () => {},
      );
    }),
    consumer('identity.user.banned', (event, _meta, trx) => onUserBanned(deps, trx, event)),
    // The market follows the pitch: a matchday's points move its players' prices at the next tick.
    consumer('matchday.results.scored', async (event, _meta, trx) => {
      await onMatchdayScored(deps, trx, event);
    }),
  ];
}
