import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import {
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useUnreadCount,
} from '@/lib/data/notifications';

import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './use-open-notification';

/**
 * The header's bell with the unread badge; it opens the notification popover (game spec). Memoised:
 * a screen's own state changes (typing in its search) re-render its header, not the bell.
 */
export const NotificationBell = memo(function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative inline-flex size-9 items-center justify-center rounded-xl text-slate-300 transition-colors hover:bg-slate-800 hover:text-white"
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-rose-500 px-1 text-[10px] leading-none font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        {/* Radix gives the popover role="dialog"; a dialog needs a name (axe aria-dialog-name). */}
        <Popover.Content
          aria-label="Notifications"
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 flex max-h-[70dvh] w-80 flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50"
        >
          <NotificationPopover unread={unread} onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

function NotificationPopover({ unread, onClose }: { unread: number; onClose(): void }) {
  const { data, isPending } = useLatestNotifications(true);
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification(onClose);
  const notifications = data?.notifications ?? [];
  return (
    <>
      <div className="flex items-center justify-between border-b border-white/5 px-4 py-3">
        <h2 className="text-sm font-bold text-white">Notifications</h2>
        <button
          type="button"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
          className="text-xs font-semibold text-emerald-400 hover:text-emerald-300 disabled:text-slate-600"
        >
          Mark all as read
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {isPending ? (
          <div className="flex justify-center py-6 text-emerald-400">
            <Spinner />
          </div>
        ) : notifications.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-slate-400">No notifications</p>
        ) : (
          <ul aria-label="Notifications" className="flex flex-col gap-0.5">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={openNotification} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to={paths.notifications}
        onClick={onClose}
        className="border-t border-white/5 px-4 py-3 text-center text-xs font-semibold text-emerald-400 hover:bg-slate-800/60"
      >
        View all notifications
      </Link>
    </>
  );
}
