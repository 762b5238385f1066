import type { Request, Response } from 'express';
import { invalid } from '@touchline/kit';
import type { NotificationsClient } from '../clients/notifications';
import { toApiNotification } from '../compose/notifications';
import type { GatewayConfig } from '../config';
import { frameOf } from '../live/events';
import type { LiveHub } from '../live/hub';
import { LiveStream } from '../live/live-stream';
import { refuse } from '../middleware/shedding';

/** How long a new stream waits for the process's Live subscription before reading its replay. */
const UPSTREAM_WAIT_MS = 2_000;

/**
 * Where a reconnect resumes: after the Last-Event-ID the browser sends back (a position), or the
 * validated `lastEventId` query of a stream the app opened anew.
 */
function resumeFrom(req: Request, queryId: string | undefined): { resume: boolean; afterId: number } {
  const header = req.get('Last-Event-ID') || queryId;
  if (header === undefined || header === '') return { resume: false, afterId: 0 };
  if (!/^\d{1,15}$/.test(header)) throw invalid('Last-Event-ID must be the id of an event of this stream');
  return { resume: true, afterId: Number(header) };
}

/**
 * Opens the user's live stream: registered with the hub first (live frames are held back), then the
 * replay (unread count, missed notifications, position) from notifications in one call, then the
 * held-back frames it did not cover, then live until the browser goes, the user opens too many
 * streams, or the session ends. Nothing is written before the replay, so a service that is down is
 * an ordinary 503 {message}; nothing is created or changed anywhere. Resolves once the stream is
 * live: from then on the hub holds it (its response).
 */
export async function openLiveStream(
  deps: {
    hub: LiveHub;
    notifications: NotificationsClient;
    config: Pick<GatewayConfig, 'SSE_RETRY_MS' | 'LIVE_RETRY_AFTER_S'>;
  },
  req: Request,
  res: Response,
  query: { lastEventId?: string },
): Promise<void> {
  const session = req.session!;
  const from = resumeFrom(req, query.lastEventId);
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  const refusal = deps.hub.admit(address);
  if (refusal) {
    refuse(res, refusal, deps.config.LIVE_RETRY_AFTER_S);
    return;
  }
  const stream = new LiveStream(res, session, address);
  deps.hub.add(stream);
  let replay;
  try {
    await deps.hub.upstreamReady(UPSTREAM_WAIT_MS);
    replay = await deps.notifications.Replay({ userId: session.userId, ...from });
  } catch (error) {
    deps.hub.remove(stream);
    throw error;
  }
  if (req.socket.destroyed) deps.hub.remove(stream); // gone before its 'close' was heard
  if (stream.ended || req.socket.destroyed) return;
  stream.open(deps.config.SSE_RETRY_MS);
  stream.position = replay.position;
  stream.write(frameOf('unread', { unreadCount: replay.unreadCount }, replay.position));
  for (const n of replay.notifications) {
    const notification = toApiNotification(n);
    stream.write(frameOf('notification', { notification, unreadCount: replay.unreadCount }, notification.id));
  }
  // What changed while the page was away is not replayed: it refetches what it shows.
  if (from.resume) stream.write(frameOf('resync', { reason: 'resumed' }));
  stream.goLive();
}
