import type { Knex } from 'knex';
import { periodOf, type Period, type PeriodKind } from '@touchline/missions/periods';

/** A mission as the audit needs it (the catalogue's definitions fit). */
export interface MissionShape {
  id: number;
  period: PeriodKind;
  target: number;
  counts: { event: string; as?: readonly string[]; gainOf?: string };
}

/** Progress per user of one mission in its period running now, as missions stored it. */
export async function progressNow(
  db: Knex,
  mission: MissionShape,
): Promise<{ period: Period; stored: Map<number, number> }> {
  const period = periodOf(mission.period, new Date());
  const rows = (
    await db.raw(
      `select user_id, progress from missions.mission_progress where mission_id = ? and period_key = ?`,
      [mission.id, period.key],
    )
  ).rows as { user_id: string; progress: string }[];
  return { period, stored: new Map(rows.map((r) => [Number(r.user_id), Number(r.progress)])) };
}

/** Users whose stored progress differs from the recomputed one (a missing row counts as 0). */
export function progressDiff(
  mission: MissionShape,
  stored: Map<number, number>,
  truth: Map<number, number>,
): string[] {
  const out: string[] = [];
  for (const userId of new Set([...stored.keys(), ...truth.keys()])) {
    const want = truth.get(userId) ?? 0;
    const got = stored.get(userId) ?? 0;
    if (want !== got)
      out.push(`mission ${mission.id} of user ${userId}: progress ${got}, recomputed ${want}`);
  }
  return out;
}

export const inPeriod = (at: Date, period: Period) => at >= period.start && at < period.end;
