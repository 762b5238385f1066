import { idCursors, pageSize } from '@touchline/kit';
import type { ListOwnListingsRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListOwnListingsRequest';
import type { OwnListing } from '@touchline/protos/gen/touchline/cards_market/OwnListing';
import { saleFeeAtRate } from '@touchline/rules';
import { ownOpenListings } from '../db/listings';
import { cardsByIds } from '../db/queries';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';

const ownListingPages = idCursors('own-listings');

/**
 * 'My listings': the user's own open listings, newest first, a page at a time (keyset on the listing
 * id). Only the caller's: the seller is the user the gateway took from the session.
 */
export async function listOwnListings(
  deps: CardsDeps,
  request: ListOwnListingsRequest__Output,
): Promise<{ listings: OwnListing[]; nextCursor: string }> {
  const size = pageSize(request.page?.pageSize ?? 0);
  const beforeId = ownListingPages.decode(request.page?.cursor ?? '');
  const rows = await ownOpenListings(deps.db, request.userId, { beforeId, limit: size + 1 });
  const page = rows.slice(0, size);
  const cards = cardMessages(
    await cardsByIds(
      deps.db,
      deps.players,
      page.map((row) => row.card_id),
    ),
    deps.players,
  );
  const cardById = new Map(cards.map((card) => [Number(card.id), card]));
  return {
    listings: page.map((row) => {
      const card = cardById.get(row.card_id);
      return {
        listingId: row.listing_id,
        card,
        price: row.price,
        feePercent: row.fee_percent,
        estimatedProceeds: row.price - saleFeeAtRate(row.price, row.fee_percent),
        listedAt: row.created_at.toISOString(),
        marketPriceAtListing: row.market_price_at_listing ?? 0,
        currentPrice: Number(card?.player?.currentPrice ?? 0),
        status: row.status,
      };
    }),
    nextCursor: rows.length > size ? ownListingPages.encode(page[page.length - 1]!.listing_id) : '',
  };
}
