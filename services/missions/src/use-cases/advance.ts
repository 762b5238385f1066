import type { Tx } from '@touchline/kit';
import { lockProgress, progressOf, saveProgress } from '../db/progress';
import type { MissionDefinition } from '../domain/definitions';
import { periodOf } from '../domain/periods';
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
  const now = deps.clock.now();
  const period = periodOf(mission.period, at);
  const row = await lockProgress(trx, userId, mission.id, period, now, baselineIfNew);
  const { next, completedNow } = step(progressOf(row), row.baseline === null ? null : Number(row.baseline));
  await saveProgress(trx, row, next, now);
  if (!completedNow || period.end.getTime() <= now.getTime()) return;
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
