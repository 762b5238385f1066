import * as grpc from '@grpc/grpc-js';
import { toGrpcError } from '@touchline/kit';
import type { SubscribeRequest__Output } from '@touchline/protos/gen/touchline/notifications/SubscribeRequest';
import type { SubscribeResponse } from '@touchline/protos/gen/touchline/notifications/SubscribeResponse';
import { checkAfterId, checkUser } from '../domain/requests';
import { FeedStream } from '../streams/feed-stream';
import type { FeedHub } from '../streams/hub';
import type { NotificationsDeps } from './deps';

type SubscribeCall = grpc.ServerWritableStream<SubscribeRequest__Output, SubscribeResponse>;

/** Ends the call with a status (grpc-js turns an 'error' event on a server stream into its status). */
function endWith(call: SubscribeCall, code: grpc.status, details: string): void {
  call.emit('error', Object.assign(new Error(details), { code, details }));
}

/**
 * The Subscribe server stream: the unread count, the replay after `after_id`, then live
 * notifications until the caller cancels. It has no deadline of its own and stays open while idle
 * (keep-alive messages from the hub's job).
 */
export function subscribe(deps: NotificationsDeps, hub: FeedHub) {
  return (call: SubscribeCall): void => {
    let userId: number;
    let afterId: number;
    try {
      userId = checkUser(call.request.userId);
      afterId = checkAfterId(call.request.afterId);
    } catch (error) {
      const { code, details } = toGrpcError(error);
      endWith(call, code, details);
      return;
    }
    const stream = new FeedStream(userId, deps, (message) => call.write(message));
    hub.add(stream, () => endWith(call, grpc.status.UNAVAILABLE, 'Notifications are restarting'));
    const leave = () => hub.remove(stream);
    call.on('cancelled', leave);
    call.on('error', leave);
    call.on('close', leave);
    call.on('finish', leave);
    stream.start(call.request.resume ? { afterId } : undefined);
  };
}
