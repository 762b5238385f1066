import type { OutboxEvent, Tx } from '@touchline/kit';
import type { MissionProgress__Output as MissionProgress } from '@touchline/protos/gen/touchline/events/MissionProgress';
import { lockProgressMany, progressOf, saveProgressMany } from '../db/progress';
import type { MissionDefinition } from '../domain/definitions';
import { periodOf, type Period } from '../domain/periods';
import type { Progress, Step } from '../domain/progress';
import { listedProgress } from '../mappers';
import type { MissionsDeps } from './deps';

/** missions.mission.completed, once per instance; none for a period already over (it cannot be claimed). */
function completionOf(
  userId: number,
  mission: MissionDefinition,
  period: Period,
  next: Progress,
  now: Date,
): OutboxEvent[] {
  if (period.end.getTime() <= now.getTime()) return [];
  return [
    {
      topic: 'missions.mission.completed',
      key: String(userId),
      payload: {
        userId,
        missionId: mission.id,
        period: mission.period,
        periodKey: period.key,
        description: mission.description,
        reward: mission.reward,
        completedAt: next.completedAt!.toISOString(),
        progress: progressOfMission(mission, period, next),
      },
    },
  ];
}

/**
 * One event's step on one mission of a user, in the period of the event's time `at` (a late event
 * counts into the period it happened in, never into the current one). `baselineIfNew` is the
 * baseline of the instance if this step is the first to reach it (value missions; null otherwise).
 */
export interface MissionStep {
  userId: number;
  mission: MissionDefinition;
  at: Date;
  step: (before: Progress, baseline: number | null) => Step;
  baselineIfNew?: number | null;
}

/**
 * Steps on users' missions (the events of a batch), in two statements: the mission instances they
 * fall in are locked in user, mission id and period order, each instance takes its steps in the
 * order given, and the rows are saved together. An instance completes (and is announced) once, by
 * whichever of its steps reached the target, and not for a period already over (it cannot be
 * claimed any more).
 */
export async function advanceSteps(deps: MissionsDeps, trx: Tx, steps: MissionStep[]): Promise<void> {
  if (steps.length === 0) return;
  const now = deps.clock.now();
  const keyOf = (userId: number, missionId: number, period: Period) => `${userId}:${missionId}:${period.key}`;
  const placed = steps.map((s) => ({ ...s, period: periodOf(s.mission.period, s.at) }));
  const instances = new Map<
    string,
    { userId: number; mission: MissionDefinition; period: Period; baseline: number | null }
  >();
  // An instance created here starts at the baseline of its first step.
  for (const { userId, mission, period, baselineIfNew } of placed) {
    const key = keyOf(userId, mission.id, period);
    if (!instances.has(key)) instances.set(key, { userId, mission, period, baseline: baselineIfNew ?? null });
  }
  const ordered = [...instances.values()].sort(
    (a, b) => a.userId - b.userId || a.mission.id - b.mission.id || a.period.key.localeCompare(b.period.key),
  );
  const rows = await lockProgressMany(
    trx,
    ordered.map(({ userId, mission, period, baseline }) => ({
      userId,
      missionId: mission.id,
      period,
      baseline,
    })),
    now,
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
  // The batch's events in one outbox write: completions, then each moved user's progress.
  await deps.outbox.addAll(trx, [
    ...[...state.values()].flatMap(({ userId, mission, period, progress, completedNow }) =>
      completedNow ? completionOf(userId, mission, period, progress, now) : [],
    ),
    ...progressEvents([...state.values()], now),
  ]);
}

/**
 * missions.progress.changed: one per user whose missions of a current period moved in this batch,
 * however many events and missions it took (the live stream refreshes the user's missions).
 */
function progressEvents(
  instances: {
    userId: number;
    mission: MissionDefinition;
    period: Period;
    row: Parameters<typeof progressOf>[0];
    progress: Progress;
  }[],
  now: Date,
): OutboxEvent[] {
  const moved = new Map<number, MissionProgress[]>();
  for (const { userId, mission, period, row, progress } of instances) {
    if (period.end.getTime() <= now.getTime()) continue;
    if (JSON.stringify(progressOf(row)) === JSON.stringify(progress)) continue;
    moved.set(userId, [...(moved.get(userId) ?? []), progressOfMission(mission, period, progress)]);
  }
  return [...moved].map(([userId, missions]) => ({
    topic: 'missions.progress.changed',
    key: String(userId),
    payload: {
      userId,
      missionIds: missions.map((m) => m.missionId),
      missions,
      changedAt: now.toISOString(),
    },
  }));
}

/** The mission as the user's list now shows it (mappers.ts listedProgress), for the live stream. */
function progressOfMission(mission: MissionDefinition, period: Period, progress: Progress): MissionProgress {
  return {
    missionId: mission.id,
    ...listedProgress(mission, {
      resetsAt: period.end,
      progress: progress.progress,
      completedAt: progress.completedAt,
    }),
  };
}
