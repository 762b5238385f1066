import type { Knex } from 'knex';
import { emitted } from './emitted';
import { line, type AuditLine } from './line';
import { inPeriod, progressDiff, progressNow, type MissionShape } from './mission-rows';

/**
 * The collection-value missions recomputed from every value the leaderboard published for a user:
 * the highest rise this period above the value the user had when it began (0 for a user not seen
 * before), capped at the target. Progress never goes back down, so the order the values arrived in
 * must not matter.
 */
export async function auditValueMissions(db: Knex, missions: readonly MissionShape[]): Promise<AuditLine[]> {
  const valueMissions = missions.filter((m) => m.counts.gainOf === 'collectionValue');
  const stats = (await emitted(db, ['leaderboard.stats.changed'])).map(({ event, occurredAt }) => {
    const asOf = event.asOf ? new Date(event.asOf) : occurredAt;
    return {
      userId: Number(event.userId),
      value: Number(event.collectionValue),
      version: Number(event.version),
      at: Number.isNaN(asOf.getTime()) ? occurredAt : asOf,
    };
  });
  const violations: string[] = [];
  for (const mission of valueMissions) {
    const { period, stored } = await progressNow(db, mission);
    const baseline = new Map<number, { version: number; value: number }>();
    for (const s of stats)
      if (s.at < period.start && s.version > (baseline.get(s.userId)?.version ?? -1))
        baseline.set(s.userId, s);
    const truth = new Map<number, number>();
    for (const s of stats) {
      if (s.userId <= 0 || !inPeriod(s.at, period)) continue;
      const gain = Math.max(0, s.value - (baseline.get(s.userId)?.value ?? 0));
      truth.set(s.userId, Math.max(truth.get(s.userId) ?? 0, Math.min(mission.target, gain)));
    }
    violations.push(...progressDiff(mission, stored, truth));
  }
  return [
    line(
      'missions: collection-value progress equals a recomputation from published values',
      violations,
      `${valueMissions.length} mission(s), ${stats.length} values published`,
    ),
  ];
}
