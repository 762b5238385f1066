import { useQueryClient } from '@tanstack/react-query';
import { MicOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import { userQueryKey, useUser } from '@/lib/data/auth';
import { clearBan, useBan } from '@/lib/live/account';

/**
 * What an admin decided about the signed-in player, where they see it (issue 43): a ban ends the
 * session and shows at once with its reason and where to appeal; a mute shows as a banner with its
 * reason and end while it lasts.
 */
export function AccountNotices() {
  return (
    <>
      <SuspendedScreen />
      <MuteBanner />
    </>
  );
}

/** The ban's dialog, fetched when a ban arrives: no first load carries Radix's dialog for it. */
const SuspendedDialog = lazy(() => import('./SuspendedDialog'));

function SuspendedScreen() {
  const ban = useBan();
  const queryClient = useQueryClient();
  if (!ban) return null;
  const toSignIn = () => {
    clearBan();
    // The session is over: reading the user again answers 401 and the guard opens sign-in.
    void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
  };
  return (
    <Suspense fallback={null}>
      <SuspendedDialog ban={ban} onSignIn={toSignIn} />
    </Suspense>
  );
}

/** A mute's end in the player's own time: 'Nov 30, 2026 at 3:00 PM'. */
function muteEnd(iso: string): string {
  // Intl, not date-fns's format: this component is on every signed-in first load (its budget).
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace(/\s/g, ' ');
  return `${day} at ${time}`;
}

/** The longest a browser timer waits (about 24.8 days); a longer mute is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

function MuteBanner() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const until = user?.muted ? user.mutedUntil : null;
  const [ended, setEnded] = useState<string | null>(null);

  // The server ends the mute by its clock; the banner goes at that moment and the user is read again.
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(
      () => {
        setEnded(until);
        void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
      },
      Math.min(Math.max(Date.parse(until) - Date.now(), 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [until, queryClient]);

  if (!user?.muted || (until && ended === until)) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-b border-amber-500/30 bg-amber-500/10 px-4 py-2.5 text-xs text-amber-100"
    >
      <MicOff aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <p>
        <span className="font-semibold">
          You are muted {until ? `until ${muteEnd(until)}` : 'until an admin lifts it'}.
        </span>{' '}
        {user.muteReason && <>Reason: {user.muteReason}. </>}
        You cannot add notes to offers and wishes or change your username meanwhile.
      </p>
    </div>
  );
}
