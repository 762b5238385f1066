import type * as grpc from '@grpc/grpc-js';
import { createPromiseClient, outgoingMetadata, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { NotificationsDefinition } from '@touchline/protos/gen/touchline/notifications/Notifications';
import type { SubscribeRequest } from '@touchline/protos/gen/touchline/notifications/SubscribeRequest';
import type { SubscribeResponse__Output } from '@touchline/protos/gen/touchline/notifications/SubscribeResponse';

type SubscribeMethod = (
  request: SubscribeRequest,
  metadata: grpc.Metadata,
) => grpc.ClientReadableStream<SubscribeResponse__Output>;

/**
 * The promise client for the unary calls, plus `subscribe` for the live stream. The stream has no
 * deadline (it lasts as long as the page is open) and carries the request id and trace context as
 * the unary calls do.
 */
export function createNotificationsClient(address: string, options: ClientOptions) {
  const client = createPromiseClient<NotificationsDefinition>(
    SERVICES.notifications.definition(),
    address,
    options,
  );
  const method = (client.raw as unknown as { Subscribe: SubscribeMethod }).Subscribe;
  return Object.assign(client, {
    subscribe: (request: SubscribeRequest) => method.call(client.raw, request, outgoingMetadata()),
  });
}
export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
