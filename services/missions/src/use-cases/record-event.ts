import type { EventMeta, Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { incrementCounters } from '../db/badges';
import { badgesForCounter, countersMovedBy } from '../domain/badges';
import { isCountingMission } from '../domain/definitions';
import { factMatches, factsOf, type CountedTopic } from '../domain/events';
import { countOne, type Progress } from '../domain/progress';
import { advanceSteps } from './advance';
import { earnReached, type BadgeReached } from './badges';
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
 * the missions of all their users take all of the batch's steps in one lock and one save, and the
 * counters one increment each by the number of events (a badge is dated by the event that reached
 * it).
 */
export async function recordEvents<T extends CountedTopic>(
  deps: MissionsDeps,
  trx: Tx,
  topic: T,
  events: { event: EventOutput<T>; meta: EventMeta }[],
): Promise<void> {
  const facts = events.flatMap(({ event, meta }) => factsOf(topic, event, meta.occurredAt));
  await advanceSteps(
    deps,
    trx,
    facts.flatMap((fact) =>
      deps.missions
        .filter((mission) => isCountingMission(mission) && factMatches(fact, mission.counts))
        .map((mission) => ({
          userId: fact.userId,
          mission,
          at: fact.at,
          step: (before: Progress) => countOne(before, mission.target, fact.at),
        })),
    ),
  );
  const moved = new Map<string, { userId: number; counter: string; times: Date[] }>();
  for (const fact of facts)
    for (const counter of countersMovedBy(fact, deps.badges)) {
      const key = `${fact.userId}:${counter}`;
      const entry = moved.get(key) ?? { userId: fact.userId, counter, times: [] };
      entry.times.push(fact.at);
      moved.set(key, entry);
    }
  // Users, then counters, in a fixed order, so two batches never wait on each other in a cycle.
  const increments = [...moved.values()].sort(
    (a, b) => a.userId - b.userId || a.counter.localeCompare(b.counter),
  );
  const counts = await incrementCounters(
    trx,
    increments.map(({ userId, counter, times }) => ({ userId, counter, by: times.length })),
  );
  const reached: BadgeReached[] = [];
  for (const [i, { userId, counter, times }] of increments.entries()) {
    const count = counts[i]!;
    const before = count - times.length;
    for (const badge of badgesForCounter(counter, count, deps.badges)) {
      const atLeast = badge.rule.kind === 'events' ? badge.rule.atLeast : 0;
      // The event that took the counter to the badge's threshold; the first one if it was there already.
      reached.push({ userId, badge, earnedAt: times[Math.max(0, atLeast - before - 1)]! });
    }
  }
  await earnReached(deps, trx, reached);
}
