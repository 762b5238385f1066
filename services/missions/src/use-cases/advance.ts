import type { Tx } from '@touchline/kit';
import { lockProgressMany, progressOf, saveProgressMany } from '../db/progress';
import type { MissionDefinition } from '../domain/definitions';
import { periodOf, type Period } from '../domain/periods';
import type { Progress, Step } from '../domain/progress';
import type { MissionsDeps } from './deps';

/**
 * Moves one user's mission in the period of the event's own time `at` (a late event counts into the
 * period it happened in, never into the current one). The step that reaches the target publishes
 * missions.mission.completed, once; not for a period already over, which can no longer be claimed.
 */
export async function advanceMission(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  mission: MissionDefinition,
  at: Date,
  step: (before: Progress, baseline: number | null) => Step,
  baselineIfNew: number | null = null,
): Promise<void> {
  await advanceMissions(
    deps,
    trx,
    userId,
    [mission],
    at,
    (_mission, before, baseline) => step(before, baseline),
    baselineIfNew,
  );
}

/** missions.mission.completed, once per instance; not for a period already over (it cannot be claimed). */
async function announceCompletion(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  mission: MissionDefinition,
  period: Period,
  next: Progress,
  now: Date,
): Promise<void> {
  if (period.end.getTime() <= now.getTime()) return;
  await deps.outbox.add(trx, 'missions.mission.completed', String(userId), {
    userId,
    missionId: mission.id,
    period: mission.period,
    periodKey: period.key,
    description: mission.description,
    reward: mission.reward,
    completedAt: next.completedAt!.toISOString(),
  });
}

/**
 * advanceMission for several missions of one user moved by one event, in two statements (lock all,
 * save all) instead of two per mission. The missions are taken in id order; `baselineIfNew` is the
 * baseline of any instance created here.
 */
export async function advanceMissions(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  missions: MissionDefinition[],
  at: Date,
  step: (mission: MissionDefinition, before: Progress, baseline: number | null) => Step,
  baselineIfNew: number | null = null,
): Promise<void> {
  if (missions.length === 0) return;
  const now = deps.clock.now();
  const ordered = [...missions].sort((a, b) => a.id - b.id);
  const periods: Period[] = ordered.map((mission) => periodOf(mission.period, at));
  const rows = await lockProgressMany(
    trx,
    userId,
    ordered.map((mission, i) => ({ missionId: mission.id, period: periods[i]! })),
    now,
    baselineIfNew,
  );
  const steps = ordered.map((mission, i) => {
    const row = rows[i]!;
    return step(mission, progressOf(row), row.baseline === null ? null : Number(row.baseline));
  });
  await saveProgressMany(
    trx,
    rows.map((row, i) => ({ row, next: steps[i]!.next })),
    now,
  );
  for (const [i, mission] of ordered.entries())
    if (steps[i]!.completedNow)
      await announceCompletion(deps, trx, userId, mission, periods[i]!, steps[i]!.next, now);
}
