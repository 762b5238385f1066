import type { QueryClient } from '@tanstack/react-query';

import type { Notification, NotificationStreamEvent } from '@touchline/contract';

import { refreshNotificationLists, setUnreadCount } from '@/lib/data/notifications';
import { toast } from '@/lib/toast';

function toastNotification({ type, title, message }: Notification): void {
  const show = { info: toast.info, success: toast.success, warning: toast.warning, error: toast.error }[type];
  (show ?? toast.message)(title, { description: message });
}

/** The bell's count changed (read elsewhere). */
export function onUnread(queryClient: QueryClient, { unreadCount }: NotificationStreamEvent): void {
  setUnreadCount(queryClient, unreadCount);
}

/** A notification arrived: the badge and the lists follow, and it shows as a toast. */
export function onNotification(
  queryClient: QueryClient,
  { notification, unreadCount }: NotificationStreamEvent,
): void {
  setUnreadCount(queryClient, unreadCount);
  void refreshNotificationLists(queryClient);
  if (notification) toastNotification(notification);
}
