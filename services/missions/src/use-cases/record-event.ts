import type { EventMeta, Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { incrementCounter } from '../db/badges';
import { badgesForCounter, countersMovedBy } from '../domain/badges';
import { isCountingMission } from '../domain/definitions';
import { factMatches, factsOf, type CountedTopic } from '../domain/events';
import { countOne } from '../domain/progress';
import { advanceMissions } from './advance';
import { earnBadges } from './badges';
import type { MissionsDeps } from './deps';

/**
 * One counted event (a sign-in, a sale, a listing, a pack, an offer, a trade, a wish): +1 on every
 * mission of each user in it that counts this event in their role, and on the lifetime counters the
 * badges watch. Runs in the inbox transaction, so a redelivered event is never counted twice; counts
 * add up in any order, so a reordered one changes nothing either.
 */
export async function recordEvent<T extends CountedTopic>(
  deps: MissionsDeps,
  trx: Tx,
  topic: T,
  event: EventOutput<T>,
  meta: EventMeta,
): Promise<void> {
  // Users in a fixed order, so two events locking the same rows never wait on each other in a cycle.
  const facts = factsOf(topic, event, meta.occurredAt).sort((a, b) => a.userId - b.userId);
  for (const fact of facts) {
    const counting = deps.missions.filter(
      (mission) => isCountingMission(mission) && factMatches(fact, mission.counts),
    );
    await advanceMissions(deps, trx, fact.userId, counting, fact.at, (mission, before) =>
      countOne(before, mission.target, fact.at),
    );
    for (const counter of countersMovedBy(fact, deps.badges)) {
      const count = await incrementCounter(trx, fact.userId, counter);
      await earnBadges(deps, trx, fact.userId, badgesForCounter(counter, count, deps.badges), fact.at);
    }
  }
}
