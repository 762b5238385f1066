import type { EventMeta, Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { incrementCounter } from '../db/badges';
import { badgesForCounter, countersMovedBy } from '../domain/badges';
import { isCountingMission } from '../domain/definitions';
import { factMatches, factsOf, type CountedTopic, type Fact } from '../domain/events';
import { countOne } from '../domain/progress';
import { advanceSteps } from './advance';
import { earnBadge } from './badges';
import type { MissionsDeps } from './deps';

/**
 * One counted event (a sign-in, a sale, a listing, a pack, an offer, a trade, a wish): +1 on every
 * mission of each user in it that counts this event in their role, and on the lifetime counters the
 * badges watch. Runs in the inbox transaction, so a redelivered event is never counted twice; counts
 * add up in any order, so a reordered one changes nothing either.
 */
export function recordEvent<T extends CountedTopic>(
  deps: MissionsDeps,
  trx: Tx,
  topic: T,
  event: EventOutput<T>,
  meta: EventMeta,
): Promise<void> {
  return recordEvents(deps, trx, topic, [{ event, meta }]);
}

/**
 * Counted events of one topic from one fetched batch, together: since counts add up in any order,
 * each user's missions take all of the batch's steps in one lock and one save, and each counter one
 * increment by the number of events (a badge is earned at the time of the event that reached it).
 */
export async function recordEvents<T extends CountedTopic>(
  deps: MissionsDeps,
  trx: Tx,
  topic: T,
  events: { event: EventOutput<T>; meta: EventMeta }[],
): Promise<void> {
  const byUser = new Map<number, Fact[]>();
  for (const { event, meta } of events)
    for (const fact of factsOf(topic, event, meta.occurredAt))
      byUser.set(fact.userId, [...(byUser.get(fact.userId) ?? []), fact]);
  // Users in a fixed order, so two batches locking the same rows never wait on each other in a cycle.
  for (const [userId, facts] of [...byUser].sort(([a], [b]) => a - b)) {
    await advanceSteps(
      deps,
      trx,
      userId,
      facts.flatMap((fact) =>
        deps.missions
          .filter((mission) => isCountingMission(mission) && factMatches(fact, mission.counts))
          .map((mission) => ({
            mission,
            at: fact.at,
            step: (before: Parameters<typeof countOne>[0]) => countOne(before, mission.target, fact.at),
          })),
      ),
    );
    const moved = new Map<string, Date[]>();
    for (const fact of facts)
      for (const counter of countersMovedBy(fact, deps.badges))
        moved.set(counter, [...(moved.get(counter) ?? []), fact.at]);
    for (const [counter, times] of [...moved].sort(([a], [b]) => a.localeCompare(b))) {
      const count = await incrementCounter(trx, userId, counter, times.length);
      const before = count - times.length;
      for (const badge of badgesForCounter(counter, count, deps.badges)) {
        const atLeast = badge.rule.kind === 'events' ? badge.rule.atLeast : 0;
        // The event that took the counter to the badge's threshold; the first one if it was there already.
        await earnBadge(deps, trx, userId, badge, times[Math.max(0, atLeast - before - 1)]!);
      }
    }
  }
}
