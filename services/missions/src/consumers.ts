import { batchConsumer, type EventConsumer } from '@touchline/kit';
import { COUNTED_TOPICS } from './domain/events';
import { onCardsReceived } from './use-cases/team-roster';
import { onStatsChanged } from './use-cases/collection-value';
import type { MissionsDeps } from './use-cases/deps';
import { recordEvents } from './use-cases/record-event';

/** Events missions reacts to; each runs in the inbox transaction (exactly once per event). */
export function missionsConsumers(deps: MissionsDeps): EventConsumer[] {
  return [
    // Counts add up in any order: a fetched batch of a topic is counted at once (record-event.ts).
    ...COUNTED_TOPICS.map((topic) =>
      batchConsumer(topic, (events, trx) => recordEvents(deps, trx, topic, events as never)),
    ),
    // A batch's values fold in rounds, each user once a round (collection-value.ts).
    batchConsumer('leaderboard.stats.changed', (events, trx) => onStatsChanged(deps, trx, events)),
    // A batch's cards queue one roster check per user (team-roster.ts).
    batchConsumer('cards.card.minted', (events, trx) =>
      onCardsReceived(
        deps,
        trx,
        events.map(({ event, meta }) => ({ userId: event.userId, at: event.mintedAt, meta })),
      ),
    ),
    batchConsumer('cards.card.transferred', (events, trx) =>
      onCardsReceived(
        deps,
        trx,
        events.map(({ event, meta }) => ({ userId: event.toUserId, at: event.transferredAt, meta })),
      ),
    ),
  ];
}
