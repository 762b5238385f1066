import { consumer, type EventConsumer, type EventMeta } from '@touchline/kit';
import type { EventOutput, Topic } from '@touchline/protos';
import { DRAFTS, draftsFor, type NotifyingTopic } from './domain/drafts';
import type { NotificationsDeps } from './use-cases/deps';
import { recordNotifications } from './use-cases/record';

/** Every topic a notification is built from; each runs in the inbox transaction (once per event). */
export function notificationsConsumers(deps: NotificationsDeps): EventConsumer[] {
  return (Object.keys(DRAFTS) as NotifyingTopic[]).map((topic) => {
    const drafts = (event: EventOutput<Topic>, meta: EventMeta) =>
      draftsFor(topic, event as EventOutput<NotifyingTopic>, meta.occurredAt);
    return consumer(topic, (event, meta, trx) => recordNotifications(deps, trx, drafts(event, meta)), {
      // Most events notify no one (a sale by the market, a transfer into a pack): no transaction for those.
      relevant: (event, meta) => drafts(event, meta).length > 0,
    });
  });
}
