import { Bell } from 'lucide-react';

import { Header } from '@/components/Header';
import { NotificationItem } from '@/components/notifications/NotificationItem';
import { useOpenNotification } from '@/components/notifications/use-open-notification';
import { LoadMoreButton } from '@/components/LoadMoreButton';
import { QueryError } from '@/components/QueryError';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { useMarkAllNotificationsRead, useNotificationPages, useUnreadCount } from '@/lib/data/notifications';

/** /notifications ('View all notifications'): every notification, newest first, a page at a time. */
export function NotificationsRoute() {
  const pages = useNotificationPages();
  const unread = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification();
  const notifications = pages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <Header title="Notifications" showBack />
      <div className="flex flex-col gap-4 px-4 py-5">
        <div className="flex items-center justify-between">
          <p className="text-sm text-slate-400">{unread > 0 ? `${unread} unread` : 'All caught up'}</p>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        </div>
        {pages.isPending ? (
          <div className="flex justify-center py-10 text-emerald-400">
            <Spinner />
          </div>
        ) : pages.isError ? (
          <QueryError error={pages.error} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
        ) : notifications.length === 0 ? (
          <EmptyState icon={Bell} title="No notifications" />
        ) : (
          <ul aria-label="All notifications" className="flex flex-col gap-1">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={openNotification} />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton pages={pages} />
      </div>
    </>
  );
}
