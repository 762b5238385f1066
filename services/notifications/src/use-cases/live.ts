import * as grpc from '@grpc/grpc-js';
import type { LiveMessage } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { LiveRequest__Output } from '@touchline/protos/gen/touchline/notifications/LiveRequest';
import type { LiveCalls } from '../live/live-calls';
import type { NotificationsDeps } from './deps';

type LiveServerCall = grpc.ServerWritableStream<LiveRequest__Output, LiveMessage>;

/**
 * The Live server stream: every change heard on the channel until the caller cancels. It keeps no
 * state per browser stream, only the call itself (one per gateway process).
 */
export function live(deps: Pick<NotificationsDeps, 'logger'>, calls: LiveCalls) {
  return (call: LiveServerCall): void => {
    const leave = calls.add({
      write: (message) => call.write(message),
      // grpc-js turns an 'error' event on a server stream into its status.
      end: () =>
        call.emit(
          'error',
          Object.assign(new Error('Notifications are restarting'), {
            code: grpc.status.UNAVAILABLE,
            details: 'Notifications are restarting',
          }),
        ),
    });
    // The first message tells the gateway its subscription is live (it then reads its streams' replays).
    call.write({});
    deps.logger.info({ subscriber: call.request.subscriber, calls: calls.size }, 'live subscriber joined');
    for (const event of ['cancelled', 'error', 'close', 'finish']) call.on(event, leave);
  };
}
