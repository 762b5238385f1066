import type { Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { recordDemand } from '../db/demand';
import { lockActiveListingsOf, withdrawIfActive } from '../db/listings';
import type { CardsDeps } from './deps';

/**
 * A banned user's cards leave the market (docs/design.md#6-security): every active listing is withdrawn.
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
    await withdrawIfActive(trx, listing.id, now);
    await recordDemand(trx, listing.player_id, 1, now);
    await deps.outbox.add(trx, 'cards.listing.withdrawn', String(listing.card_id), {
      listingId: listing.id,
      cardId: listing.card_id,
      userId: event.userId,
      playerId: listing.player_id,
      reason: 'banned',
      withdrawnAt: now.toISOString(),
    });
  }
}
