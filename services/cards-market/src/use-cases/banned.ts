import type { Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { lockActiveListingsOf } from '../db/listings';
import type { CardsDeps } from './deps';
import { onAuctionUserBanned } from './auction-settle';
import { withdrawActiveListing } from './withdraw';

/**
 * A banned user's cards leave the market (docs/design.md#6-security): every active listing is withdrawn,
 * every open auction withdrawn and every bid released.
 * A listing a buyer is paying for right now (settling) is left to its saga, which finishes or
 * puts it back; the ban does not take coins already on their way.
 */
export async function onUserBanned(
  deps: CardsDeps,
  trx: Tx,
  event: EventOutput<'identity.user.banned'>,
): Promise<void> {
  if (!event.banned) return;
  const now = deps.clock.now();
  const listings = await lockActiveListingsOf(trx, event.userId);
  for (const listing of listings) {
    const { id, card_id: cardId, player_id: playerId } = listing;
    await withdrawActiveListing(deps, trx, { id, cardId, playerId, sellerId: event.userId }, 'banned', now);
  }
  // Their auctions are withdrawn and their bids released (the sweeper voids the holds).
  await onAuctionUserBanned(deps, trx, event.userId);
}
