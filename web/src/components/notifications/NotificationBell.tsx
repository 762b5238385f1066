import { lazy, memo, Suspense, useState, type ComponentProps } from 'react';

import { useUnreadCount } from '@/lib/data/notifications';
import { useIdle } from '@/lib/use-idle';

import { bellClass, bellLabel, BellFace } from './BellFace';
import type * as PopoverModule from './NotificationBellPopover';

let loading: Promise<typeof PopoverModule> | undefined;
const loadPopover = () => (loading ??= import('./NotificationBellPopover'));
const NotificationBellPopover = lazy(() =>
  loadPopover().then((m) => ({ default: m.NotificationBellPopover })),
);

/**
 * The header's bell with the unread badge; it opens the notification popover (docs/spec/game-spec.md). The
 * popover (Radix, its positioning, the list and its times) is its own chunk, fetched when the
 * pointer or the focus comes to the bell and shown open at the first press: no first load carries it.
 * Memoised: a screen's own state changes (typing in its search) re-render its header, not the bell.
 */
export const NotificationBell = memo(function NotificationBell() {
  // The badge is asked for at the first idle moment, with the stream (lib/use-idle.ts).
  const unread = useUnreadCount(useIdle());
  const [pressed, setPressed] = useState(false);
  if (!pressed) {
    return (
      <BellButton
        unread={unread}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => setPressed(true)}
      />
    );
  }
  return (
    <Suspense fallback={<BellButton unread={unread} />}>
      <NotificationBellPopover unread={unread} defaultOpen />
    </Suspense>
  );
});

/** The bell as Radix's trigger renders it while closed, until the popover's chunk is here. */
function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={bellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      className={bellClass}
      {...props}
    >
      <BellFace unread={unread} />
    </button>
  );
}
