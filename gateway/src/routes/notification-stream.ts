import type { Request, Response } from 'express';
import { invalid } from '@touchline/kit';
import type { SubscribeResponse__Output } from '@touchline/protos/gen/touchline/notifications/SubscribeResponse';
import type { NotificationsClient } from '../clients/notifications';
import { toApiNotification } from '../compose/notifications';
import type { GatewayConfig } from '../config';
import { EventStream } from '../http/event-stream';
import type { SessionVerifier } from '../session';

type StreamTiming = Pick<GatewayConfig, 'SSE_HEARTBEAT_MS' | 'SSE_SESSION_CHECK_MS' | 'SSE_RETRY_MS'>;

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

function write(stream: EventStream, message: SubscribeResponse__Output): void {
  const id = String(message.position);
  if (message.notification) {
    const notification = toApiNotification(message.notification);
    stream.send('notification', id, { notification, unreadCount: message.unreadCount });
  } else {
    stream.send('unread', id, { unreadCount: message.unreadCount });
  }
}

/**
 * Relays the user's gRPC Subscribe stream as Server-Sent Events until the browser goes, the service
 * ends the stream, or the session is revoked or its token expires (the browser then reconnects with
 * Last-Event-ID, which renews the token or answers 401). Nothing is written before the first message,
 * so a service that is down is an ordinary 503 {message}.
 */
export function relayNotificationStream(
  deps: { notifications: NotificationsClient; verifier: SessionVerifier; timing: StreamTiming },
  req: Request,
  res: Response,
  query: { lastEventId?: string },
): Promise<void> {
  const session = req.session!;
  const call = deps.notifications.subscribe({
    userId: session.userId,
    ...resumeFrom(req, query.lastEventId),
  });
  const stream = new EventStream(res);
  const timers: NodeJS.Timeout[] = [];
  let started = false;
  let finished = false;

  return new Promise<void>((resolve, reject) => {
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      for (const timer of timers) clearInterval(timer);
      call.cancel();
      if (error !== undefined && !started) return reject(error);
      stream.end();
      resolve();
    };
    const checkSession = () => {
      deps.verifier.stillValid(session).then(
        (valid) => valid || finish(),
        () => undefined, // identity unreachable: the last known revocations already answered
      );
    };
    call.on('data', (message: SubscribeResponse__Output) => {
      if (finished) return;
      if (!started) {
        started = true;
        stream.open(deps.timing.SSE_RETRY_MS);
        timers.push(
          setInterval(() => stream.comment('heartbeat'), deps.timing.SSE_HEARTBEAT_MS),
          setInterval(checkSession, deps.timing.SSE_SESSION_CHECK_MS),
        );
      }
      write(stream, message);
    });
    call.on('error', (error) => finish(error));
    call.on('end', () => finish());
    res.on('close', () => finish());
  });
}
