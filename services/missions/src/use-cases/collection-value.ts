import type { EventMeta, Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { foldStats } from '../db/stats';
import { badgesForCollectionValue } from '../domain/badges';
import { isValueMission } from '../domain/definitions';
import { eventTime } from '../domain/events';
import { valueGain } from '../domain/progress';
import { advanceMission } from './advance';
import { earnBadges } from './badges';
import type { MissionsDeps } from './deps';

/**
 * leaderboard.stats.changed: a user's collection value moved. Versions older than the last folded are
 * not folded, but still count as values the user reached. "Grow your collection value" missions
 * measure the rise above the value the user had when the period began (the last value folded before
 * it; 0 for a user never seen); the value tiers earn their badges.
 */
export async function onStatsChanged(
  deps: MissionsDeps,
  trx: Tx,
  event: EventOutput<'leaderboard.stats.changed'>,
  meta: EventMeta,
): Promise<void> {
  if (event.userId <= 0) return;
  const at = eventTime(event.asOf, meta.occurredAt);
  const value = Number(event.collectionValue);
  const folded = await foldStats(trx, {
    user_id: event.userId,
    collection_value: value,
    card_count: event.cardCount,
    version: Number(event.version),
    as_of: at,
  });
  // An overtaken version is still a value the user had at its time: it only loses the fold. Missions
  // keep the highest rise and badges the highest tier, so it counts for them, or the result would
  // depend on the order of delivery. Its period's baseline is known only from that period's row.
  const baselineIfNew = folded.stale ? null : (folded.previous?.collection_value ?? 0);
  for (const mission of deps.missions) {
    if (!isValueMission(mission)) continue;
    await advanceMission(
      deps,
      trx,
      event.userId,
      mission,
      at,
      (before, baseline) => {
        const from = baseline ?? baselineIfNew;
        return from === null
          ? { next: before, completedNow: false }
          : valueGain(before, mission.target, from, value, at);
      },
      baselineIfNew,
    );
  }
  await earnBadges(deps, trx, event.userId, badgesForCollectionValue(value, deps.badges), at);
}
