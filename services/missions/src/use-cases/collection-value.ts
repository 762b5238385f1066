import { inRounds, type EventMeta, type Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { requestRosterChecks } from '../db/roster-checks';
import { foldStatsMany } from '../db/stats';
import { badgesForCollectionValue, teamRosterBadges } from '../domain/badges';
import { isValueMission } from '../domain/definitions';
import { eventTime } from '../domain/events';
import { valueGain } from '../domain/progress';
import { advanceSteps, type MissionStep } from './advance';
import { earnBadges } from './badges';
import type { MissionsDeps } from './deps';

type StatsChanged = { event: EventOutput<'leaderboard.stats.changed'>; meta: EventMeta };

/**
 * leaderboard.stats.changed: users' collection values moved (one fetched batch). Versions older than
 * the last folded are not folded, but still count as values the user reached. "Grow your collection
 * value" missions measure the rise above the value the user had when the period began (the last
 * value folded before it; 0 for a user never seen); the value tiers earn their badges.
 *
 * A batch goes in rounds with each user once (a user's k-th event in round k), so each event folds
 * against what the ones before it left, as if they came one at a time: per round, one statement
 * folds all, and two move all the value missions.
 */
export async function onStatsChanged(deps: MissionsDeps, trx: Tx, batch: StatsChanged[]): Promise<void> {
  const valueMissions = deps.missions.filter(isValueMission);
  const users = batch.filter(({ event }) => event.userId > 0);
  for (const round of inRounds(users, ({ event }) => event.userId)) {
    const changes = round
      .map(({ event, meta }) => ({
        userId: event.userId,
        value: Number(event.collectionValue),
        cardCount: event.cardCount,
        version: Number(event.version),
        at: eventTime(event.asOf, meta.occurredAt),
      }))
      .sort((a, b) => a.userId - b.userId);
    const folds = await foldStatsMany(
      trx,
      changes.map((c) => ({
        user_id: c.userId,
        collection_value: c.value,
        card_count: c.cardCount,
        version: c.version,
        as_of: c.at,
      })),
    );
    const steps: MissionStep[] = changes.flatMap(({ userId, value, at }, i) => {
      const folded = folds[i]!;
      // An overtaken version is still a value the user had at its time: it only loses the fold.
      // Missions keep the highest rise and badges the highest tier, so it counts for them, or the
      // result would depend on the order of delivery. Its period's baseline is known only from
      // that period's row.
      const baselineIfNew = folded.stale ? null : (folded.previous?.collection_value ?? 0);
      return valueMissions.map((mission) => ({
        userId,
        mission,
        at,
        baselineIfNew,
        step: (before, baseline) => {
          const from = baseline ?? baselineIfNew;
          return from === null
            ? { next: before, completedNow: false }
            : valueGain(before, mission.target, from, value, at);
        },
      }));
    });
    // A card count that rose to the smallest team's size or more may now hold a whole team; a roster
    // check skipped on an older, lower count (team-roster.ts) is asked again here.
    if (teamRosterBadges(deps.badges).length > 0)
      await requestRosterChecks(
        trx,
        changes
          .filter((change, i) => {
            const folded = folds[i]!;
            return (
              !folded.stale &&
              change.cardCount > (folded.previous?.card_count ?? 0) &&
              change.cardCount >= deps.smallestTeam.players
            );
          })
          .map(({ userId, at }) => ({ userId, eventAt: at })),
      );
    await advanceSteps(deps, trx, steps);
    for (const { userId, value, at } of changes)
      await earnBadges(deps, trx, userId, badgesForCollectionValue(value, deps.badges), at);
  }
}
