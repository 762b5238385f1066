import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api, pathOf, type Notification } from '@touchline/contract';

import { withQuery } from '@/lib/api';
import { useUser } from '@/lib/data/auth';
import { refreshNotificationLists, setUnreadCount } from '@/lib/data/notifications';
import { tradeKeys } from '@/lib/data/trades';
import { toast } from '@/lib/toast';

/** After the server refuses the stream (not signed in, a service down), try again after this, doubling. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

interface StreamEvent {
  notification?: Notification;
  unreadCount: number;
}

function toastNotification({ type, title, message }: Notification): void {
  const show = { info: toast.info, success: toast.success, warning: toast.warning, error: toast.error }[type];
  (show ?? toast.message)(title, { description: message });
}

function onNotification(queryClient: QueryClient, { notification, unreadCount }: StreamEvent): void {
  setUnreadCount(queryClient, unreadCount);
  void refreshNotificationLists(queryClient);
  if (!notification) return;
  // The Profile tab's red dot follows offers at once; its 30-s poll stays as the fallback.
  if (notification.kind.startsWith('trade.'))
    void queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() });
  toastNotification(notification);
}

/**
 * One EventSource per signed-in app on GET /api/notifications/stream: it keeps the bell's count and
 * the notification lists fresh and toasts each notification that arrives live. The browser resumes a
 * dropped stream by itself with Last-Event-ID (no gaps, no repeats); a refused one is opened again
 * after a growing delay. Without EventSource (old browsers, tests) the queries still load on demand.
 */
export function useNotificationStream(): void {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    // A stream opened anew cannot send Last-Event-ID: it names the position it reached instead.
    let lastEventId = '';

    const read = (event: Event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      return JSON.parse(message.data) as StreamEvent;
    };
    const open = () => {
      const url = withQuery(pathOf(api.notifications.stream), { lastEventId });
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS;
        // Anything read or created while disconnected shows in the lists.
        void refreshNotificationLists(queryClient);
      });
      current.addEventListener('unread', (event) => setUnreadCount(queryClient, read(event).unreadCount));
      current.addEventListener('notification', (event) => onNotification(queryClient, read(event)));
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        current.close();
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);
}

/** The stream as an element of its own, so its session updates re-render nothing around it. */
export function NotificationStream(): null {
  useNotificationStream();
  return null;
}
