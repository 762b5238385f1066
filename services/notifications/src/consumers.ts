import { consumer, type EventConsumer } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { DRAFTS, draftsFor, type NotifyingTopic } from './domain/drafts';
import type { NotificationsDeps } from './use-cases/deps';
import { recordNotifications } from './use-cases/record';

/** Every topic a notification is built from; each runs in the inbox transaction (once per event). */
export function notificationsConsumers(deps: NotificationsDeps): EventConsumer[] {
  return (Object.keys(DRAFTS) as NotifyingTopic[]).map((topic) =>
    consumer(topic, (event, meta, trx) =>
      recordNotifications(deps, trx, draftsFor(topic, event as EventOutput<NotifyingTopic>, meta.occurredAt)),
    ),
  );
}
