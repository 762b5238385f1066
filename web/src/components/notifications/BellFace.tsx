import { Bell } from 'lucide-react';

export const bellClass =
  'relative inline-flex size-9 items-center justify-center rounded-xl text-slate-300 transition-colors hover:bg-slate-800 hover:text-white';

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** The bell icon with its unread badge: the face of the bell, before and after its popover loads. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-rose-500 px-1 text-[10px] leading-none font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}
