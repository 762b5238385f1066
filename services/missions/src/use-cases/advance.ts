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
 * save all) instead of two per mission. `baselineIfNew` is the baseline of any instance created here.
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
  await advanceSteps(
    deps,
    trx,
    missions.map((mission) => ({
      userId,
      mission,
      at,
      step: (before, baseline) => step(mission, before, baseline),
    })),
    baselineIfNew,
  );
}

/** One event's step on one mission of a user, in the period of the event's time `at`. */
export interface MissionStep {
  userId: number;
  mission: MissionDefinition;
  at: Date;
  step: (before: Progress, baseline: number | null) => Step;
}

/**
 * Steps on users' missions (the events of a batch), in two statements: the mission instances they
 * fall in are locked in user, mission id and period order, each instance takes its steps in the
 * order given, and the rows are saved together. An instance completes (and is announced) once, by
 * whichever of its steps reached the target.
 */
export async function advanceSteps(
  deps: MissionsDeps,
  trx: Tx,
  steps: MissionStep[],
  baselineIfNew: number | null = null,
): Promise<void> {
  if (steps.length === 0) return;
  const now = deps.clock.now();
  const keyOf = (userId: number, missionId: number, period: Period) => `${userId}:${missionId}:${period.key}`;
  const placed = steps.map((s) => ({ ...s, period: periodOf(s.mission.period, s.at) }));
  const instances = new Map<string, { userId: number; mission: MissionDefinition; period: Period }>();
  for (const { userId, mission, period } of placed)
    instances.set(keyOf(userId, mission.id, period), { userId, mission, period });
  const ordered = [...instances.values()].sort(
    (a, b) => a.userId - b.userId || a.mission.id - b.mission.id || a.period.key.localeCompare(b.period.key),
  );
  const rows = await lockProgressMany(
    trx,
    ordered.map(({ userId, mission, period }) => ({ userId, missionId: mission.id, period })),
    now,
    baselineIfNew,
  );
  const state = new Map(
    ordered.map((instance, i) => {
      const row = rows[i]!;
      const key = keyOf(instance.userId, instance.mission.id, instance.period);
      return [key, { ...instance, row, progress: progressOf(row), completedNow: false }];
    }),
  );
  for (const { userId, mission, period, step } of placed) {
    const instance = state.get(keyOf(userId, mission.id, period))!;
    const baseline = instance.row.baseline === null ? null : Number(instance.row.baseline);
    const { next, completedNow } = step(instance.progress, baseline);
    instance.progress = next;
    instance.completedNow ||= completedNow;
  }
  await saveProgressMany(
    trx,
    [...state.values()].map(({ row, progress }) => ({ row, next: progress })),
    now,
  );
  for (const { userId, mission, period, progress, completedNow } of state.values())
    if (completedNow) await announceCompletion(deps, trx, userId, mission, period, progress, now);
}
