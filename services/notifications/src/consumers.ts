import { consumer, type EventConsumer, type EventMeta } from '@touchline/kit';
import type { EventOutput, Topic } from '@touchline/protos';
import { CHANGES, changesFor, type Change, type LiveTopic } from './domain/changes';
import { DRAFTS, draftsFor, type Draft, type NotifyingTopic } from './domain/drafts';
import type { NotificationsDeps } from './use-cases/deps';
import { recordEvent } from './use-cases/record';

const TOPICS = [...new Set([...Object.keys(DRAFTS), ...Object.keys(CHANGES)])] as Topic[];

interface Effects {
  drafts: Draft[];
  changes: Change[];
}

/** What one event makes, worked out once per delivered event (relevant, untracked and handle each ask). */
function effectsOf(topic: Topic) {
  const known = new WeakMap<object, Effects>();
  return (event: EventOutput<Topic>, meta: EventMeta): Effects => {
    let effects = known.get(event);
    if (!effects) {
      effects = {
        drafts:
          topic in DRAFTS
            ? draftsFor(topic as NotifyingTopic, event as EventOutput<NotifyingTopic>, meta.occurredAt)
            : [],
        changes: topic in CHANGES ? changesFor(topic as LiveTopic, event as EventOutput<LiveTopic>) : [],
      };
      known.set(event, effects);
    }
    return effects;
  };
}

/**
 * Every topic a notification or a live change is built from. An event that makes notifications is
 * stored in the inbox transaction (once per event), its changes published after the commit; one
 * that only changes pages (a balance, a board, progress) is published as it comes, with no
 * transaction: a change delivered twice shows the same value twice (issue 41: most of this
 * service's events, each a transaction before).
 */
export function notificationsConsumers(deps: NotificationsDeps): EventConsumer[] {
  return TOPICS.map((topic) => {
    const effects = effectsOf(topic);
    return consumer(
      topic,
      (event, meta, trx) => {
        const { drafts, changes } = effects(event, meta);
        return recordEvent(deps, trx, drafts, changes);
      },
      {
        // Most events notify no one and change nothing on a page (a transfer into a pack): nothing to do.
        relevant: (event, meta) => {
          const { drafts, changes } = effects(event, meta);
          return drafts.length > 0 || changes.length > 0;
        },
        untracked: (event, meta) => {
          const { drafts, changes } = effects(event, meta);
          return drafts.length === 0 ? () => deps.live.now(() => changes) : undefined;
        },
      },
    );
  });
}
