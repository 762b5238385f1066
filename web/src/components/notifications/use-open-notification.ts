import { useNavigate } from 'react-router';

import type { Notification } from '@touchline/contract';

import { useMarkNotificationRead } from '@/lib/data/notifications';

/** Clicking a notification marks it read (when it is not) and follows its link (when it has one). */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    after?.();
    if (notification.link?.startsWith('/')) void navigate(notification.link);
  };
}
