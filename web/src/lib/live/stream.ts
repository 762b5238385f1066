import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api, pathOf, type LiveClosed } from '@touchline/contract';

import { withQuery } from '@/lib/api';
import { userQueryKey, useUser } from '@/lib/data/auth';
import { refreshNotificationLists } from '@/lib/data/notifications';
import { nextStreamRetryMs, STREAM_FIRST_RETRY_MS } from '@/lib/shedding';
import { toast } from '@/lib/toast';

import { showBan } from './account';
import { followAnswersBehind } from './answers-behind';
import { dispatchLiveEvent, liveEventNames } from './dispatch';
import { setLiveOpen } from './open';
import { refetchShown } from './sync';

/**
 * The server ended the stream for good. `replaced`: the user opened more streams than allowed and this
 * tab's was the oldest; `session`: signed out or expired (the user is read again, and the guard takes
 * the page to sign-in); `banned`: an admin banned the user (the ban screen shows, account.ts). Either way the tab says why: nothing on it follows the game now.
 * Returns whether the stream must stay closed (`shutdown`: the server restarts, the browser reconnects).
 */
function endsStream(queryClient: QueryClient, closed: LiveClosed): boolean {
  const { reason, message } = closed;
  if (reason === 'shutdown') return false;
  if (reason === 'replaced') toast.warning('Live updates stopped in this tab', { description: message });
  // The ban shows at once, with its reason and where to appeal; the page goes to sign-in from there.
  else if (reason === 'banned') showBan(closed);
  else {
    toast.warning(message);
    void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
  }
  return true;
}

function readClosed(data: string): LiveClosed | null {
  try {
    const closed = JSON.parse(data) as LiveClosed;
    return typeof closed?.reason === 'string' ? closed : null;
  } catch {
    return null;
  }
}

/**
 * One EventSource per signed-in app on GET /api/notifications/stream: every event it carries updates
 * the query cache (dispatch.ts), so each screen follows what happens elsewhere without polling. The
 * browser resumes a dropped stream by itself with Last-Event-ID (no notification lost or repeated); a
 * refused one is opened again after a growing delay, naming the position it reached. Change events
 * are not replayed, so a page that was cut off reads again what it shows once the stream is back.
 * Without EventSource (old browsers, tests) the queries still load on demand.
 */
export function useLiveStream(): void {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => followAnswersBehind(queryClient), [queryClient]);

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = STREAM_FIRST_RETRY_MS;
    // A stream opened anew cannot send Last-Event-ID: it names the position it reached instead.
    let lastEventId = '';
    // Whether events may have been missed since the stream last opened.
    let dropped = false;
    // The server ended the stream for good (`closed`): no reconnecting.
    let stopped = false;

    const open = () => {
      const url = withQuery(pathOf(api.notifications.stream), { lastEventId });
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener('open', () => {
        setLiveOpen(queryClient, true);
        retryMs = STREAM_FIRST_RETRY_MS;
        if (dropped) void refetchShown(queryClient);
        // Anything read or created before the first open shows in the lists.
        else void refreshNotificationLists(queryClient);
        dropped = false;
      });
      for (const name of liveEventNames) {
        current.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          dispatchLiveEvent(queryClient, name, message.data);
        });
      }
      current.addEventListener('closed', (event) => {
        const closed = readClosed((event as MessageEvent<string>).data);
        if (!closed || !endsStream(queryClient, closed)) return;
        setLiveOpen(queryClient, false);
        stopped = true;
        current.close();
      });
      current.addEventListener('error', () => {
        setLiveOpen(queryClient, false);
        if (stopped) return;
        dropped = true;
        if (current.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        current.close();
        retryTimer = setTimeout(open, retryMs);
        retryMs = nextStreamRetryMs(retryMs);
      });
    };
    open();
    return () => {
      setLiveOpen(queryClient, false);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);
}

/** The stream as an element of its own, so its session updates re-render nothing around it. */
export function LiveStream(): null {
  useLiveStream();
  return null;
}
