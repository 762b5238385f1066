import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useLatestNotifications, useMarkAllNotificationsRead } from '@/lib/data/notifications';

import { bellClass, bellLabel, BellFace } from './BellFace';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './use-open-notification';

/** The bell as the trigger of the notification popover (docs/spec/game-spec.md), opened at once when it loads. */
export function NotificationBellPopover({ unread, defaultOpen }: { unread: number; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger type="button" aria-label={bellLabel(unread)} className={bellClass}>
        <BellFace unread={unread} />
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
}

function NotificationPopover({ unread, onClose }: { unread: number; onClose(): void }) {
  const { data, isPending } = useLatestNotifications(true);
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification(onClose);
  const notifications = data?.items ?? [];
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
