import type { QueryClient } from '@tanstack/react-query';

import type { LiveAuction } from '@touchline/contract';

import { refreshAuctions } from '@/lib/data/auctions';
import { cardKeys } from '@/lib/data/cards';

/**
 * `auction`: an auction started, took a bid, lost a banned bidder's bid or ended. The lists and the
 * auction's page read again (its bid history and end are not in the event whole); an ended auction
 * may have moved a card in or out of the collection. The outbid bidder's released coins come with
 * their notification (lib/live/notifications.ts).
 */
export function onAuction(queryClient: QueryClient, event: LiveAuction): void {
  void refreshAuctions(queryClient, event.auctionId);
  if (event.change === 'ended') void queryClient.invalidateQueries({ queryKey: cardKeys.userCards() });
}
