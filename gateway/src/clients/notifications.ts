import type * as grpc from '@grpc/grpc-js';
import { createPromiseClient, outgoingMetadata, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { LiveRequest } from '@touchline/protos/gen/touchline/notifications/LiveRequest';
import type { NotificationsDefinition } from '@touchline/protos/gen/touchline/notifications/Notifications';

type LiveMethod = (
  request: LiveRequest,
  metadata: grpc.Metadata,
) => grpc.ClientReadableStream<LiveMessage__Output>;

/**
 * The promise client for the unary calls, plus `live` for the process's one Live subscription. The
 * stream has no deadline (it lasts as long as the process).
 */
export function createNotificationsClient(address: string, options: ClientOptions) {
  const client = createPromiseClient<NotificationsDefinition>(
    SERVICES.notifications.definition(),
    address,
    options,
  );
  const method = (client.raw as unknown as { Live: LiveMethod }).Live;
  return Object.assign(client, {
    live: (request: LiveRequest) => method.call(client.raw, request, outgoingMetadata()),
  });
}
export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
