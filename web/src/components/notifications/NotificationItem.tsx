import { CheckCircle2, Info, TriangleAlert, XCircle } from 'lucide-react';

import type { Notification } from '@touchline/contract';

import { cn } from '@/lib/cn';
import { formatNotificationTime } from '@/lib/notification-time';

const ICONS = {
  info: { icon: Info, className: 'text-sky-400' },
  success: { icon: CheckCircle2, className: 'text-emerald-400' },
  warning: { icon: TriangleAlert, className: 'text-amber-400' },
  error: { icon: XCircle, className: 'text-rose-400' },
} as const;

export interface NotificationItemProps {
  notification: Notification;
  /** Marks it read and follows its link. */
  onOpen(notification: Notification): void;
  now?: Date;
}

/** One notification: icon by type, title, message, time; unread ones stand out with a dot. */
export function NotificationItem({ notification, onOpen, now }: NotificationItemProps) {
  const { icon: Icon, className } = ICONS[notification.type] ?? ICONS.info;
  return (
    <button
      type="button"
      data-testid={`notification-${notification.id}`}
      data-read={notification.read}
      onClick={() => onOpen(notification)}
      className={cn(
        'flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-slate-800/80',
        !notification.read && 'bg-slate-800/40',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', className)} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('text-sm', notification.read ? 'text-slate-300' : 'font-semibold text-white')}>
          {notification.title}
        </span>
        <span className="text-xs text-slate-400">{notification.message}</span>
        <span className="text-[11px] text-slate-400">
          {formatNotificationTime(notification.timestamp, now)}
        </span>
      </span>
      {!notification.read && (
        <span aria-label="Unread" className="mt-1.5 size-2 shrink-0 rounded-full bg-emerald-400" />
      )}
    </button>
  );
}
