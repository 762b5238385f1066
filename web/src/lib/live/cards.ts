import type { QueryClient } from '@tanstack/react-query';

import type { Card, LiveCards } from '@touchline/contract';
import { collectionShows } from '@touchline/rules';

import { cardKeys } from '@/lib/data/cards';
import { ownListingKeys } from '@/lib/data/own-listings';
import { tradeKeys } from '@/lib/data/trades';

/**
 * The user's cards changed. A card sold or traded away leaves every cached collection at once (a tap on
 * it would only meet "You do not own this card"); the collection is read again only when it does not
 * show the change yet (the user's own buy, listing or withdrawal put the answer's card in it:
 * collectionShows), and the catalog's ownership is read again. The user's card count, collection value
 * and rank come with the leaderboard's change that follows (live/leaderboard.ts), not by reading the
 * user again.
 */
export function onCards(queryClient: QueryClient, event: LiveCards): void {
  const { change, cardIds } = event;
  if (change === 'lost') {
    const lost = new Set(cardIds);
    queryClient.setQueryData<Card[]>(cardKeys.userCards(), (cards) =>
      cards?.filter((card) => !lost.has(card.id)),
    );
  }
  if (!collectionShows(queryClient.getQueryData<Card[]>(cardKeys.userCards()), event))
    void queryClient.invalidateQueries({ queryKey: cardKeys.userCards() });
  // My listings: a listing made, withdrawn (here or in another tab) or sold.
  if (change !== 'gained') void queryClient.invalidateQueries({ queryKey: ownListingKeys.all });
  if (change === 'listed' || change === 'unlisted') return;
  void queryClient.invalidateQueries({ queryKey: cardKeys.catalog() });
  // Another player's cards one may ask for include none the user now owns.
  void queryClient.invalidateQueries({ queryKey: [...tradeKeys.all, 'tradeable-cards'] });
}
