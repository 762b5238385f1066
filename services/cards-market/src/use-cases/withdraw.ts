import type { Tx } from '@touchline/kit';
import { recordDemand } from '../db/demand';
import { withdrawIfActive } from '../db/listings';
import type { CardsDeps } from './deps';

/** A locked active listing, as much of it as taking it off the market needs. */
export interface ListingToWithdraw {
  id: number;
  cardId: number;
  sellerId: number;
  playerId: number;
}

/**
 * Takes a listing off the market the one way every caller must: the listed card is one unit of demand
 * again for its player (+1, the reverse of listing it, db/demand.ts), and the event tells readers why.
 */
export async function withdrawActiveListing(
  deps: CardsDeps,
  trx: Tx,
  listing: ListingToWithdraw,
  // transfer_to_shop is not one: the card goes to the market, its demand counted there (admin-cards.ts).
  reason: 'withdrawn' | 'banned',
  now: Date,
): Promise<void> {
  await withdrawIfActive(trx, listing.id, now);
  await recordDemand(trx, listing.playerId, 1, now);
  await deps.outbox.add(trx, 'cards.listing.withdrawn', String(listing.cardId), {
    listingId: listing.id,
    cardId: listing.cardId,
    userId: listing.sellerId,
    playerId: listing.playerId,
    reason,
    withdrawnAt: now.toISOString(),
  });
}
