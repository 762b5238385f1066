import type { QueryClient } from '@tanstack/react-query';

import type { NotificationStreamEvent } from '@touchline/contract';

import { refreshNotificationLists, setUnreadCount } from '@/lib/data/notifications';
import { notificationToast } from '@/lib/moments';
import { watchlistKeys } from '@/lib/data/watchlist';
import { refreshAuctions, refreshCoins } from '@/lib/data/auctions';

/** The bell's count changed (read elsewhere). */
export function onUnread(queryClient: QueryClient, { unreadCount }: NotificationStreamEvent): void {
  setUnreadCount(queryClient, unreadCount);
}

/**
 * A notification arrived: the badge and the lists follow, and it shows as a toast, folded into the
 * moment of the action that caused it or grouped with others of its kind (lib/moments.ts).
 */
export function onNotification(
  queryClient: QueryClient,
  { notification, unreadCount }: NotificationStreamEvent,
): void {
  setUnreadCount(queryClient, unreadCount);
  void refreshNotificationLists(queryClient);
  // A price alert fired: the watchlist shows when, and which side of its line the price is on.
  if (notification?.kind === 'price.alert')
    void queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
  // Outbid, won, sold, ended: the coins held or released and the auctions follow.
  if (notification?.kind.startsWith('auction.')) {
    void refreshCoins(queryClient);
    void refreshAuctions(queryClient);
  }
  if (notification) notificationToast(notification);
}
