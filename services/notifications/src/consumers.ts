import { consumer, type EventConsumer, type EventMeta } from '@touchline/kit';
import type { EventOutput, Topic } from '@touchline/protos';
import { CHANGES, changesFor, type LiveTopic } from './domain/changes';
import { DRAFTS, draftsFor, type NotifyingTopic } from './domain/drafts';
import type { NotificationsDeps } from './use-cases/deps';
import { recordEvent } from './use-cases/record';

const TOPICS = [...new Set([...Object.keys(DRAFTS), ...Object.keys(CHANGES)])] as Topic[];

function draftsOf(topic: Topic, event: EventOutput<Topic>, meta: EventMeta) {
  return topic in DRAFTS
    ? draftsFor(topic as NotifyingTopic, event as EventOutput<NotifyingTopic>, meta.occurredAt)
    : [];
}

function changesOf(topic: Topic, event: EventOutput<Topic>) {
  return topic in CHANGES ? changesFor(topic as LiveTopic, event as EventOutput<LiveTopic>) : [];
}

/**
 * Every topic a notification or a live change is built from; each runs in the inbox transaction
 * (once per event), and its changes are published after the commit.
 */
export function notificationsConsumers(deps: NotificationsDeps): EventConsumer[] {
  return TOPICS.map((topic) =>
    consumer(
      topic,
      (event, meta, trx) => recordEvent(deps, trx, draftsOf(topic, event, meta), changesOf(topic, event)),
      {
        // Most events notify no one and change nothing on a page (a transfer into a pack): no transaction for those.
        relevant: (event, meta) =>
          draftsOf(topic, event, meta).length > 0 || changesOf(topic, event).length > 0,
      },
    ),
  );
}
