/** A mission's progress in one period, as stored. */
export interface Progress {
  progress: number;
  /** The latest event time counted so far. */
  lastEventAt: Date | null;
  completedAt: Date | null;
}

export interface Step {
  next: Progress;
  /** This step reached the target (true once per mission and period). */
  completedNow: boolean;
}

const later = (a: Date | null, b: Date): Date => (a && a.getTime() > b.getTime() ? a : b);

function settle(before: Progress, progress: number, target: number, at: Date): Step {
  const lastEventAt = later(before.lastEventAt, at);
  const completedNow = before.completedAt === null && progress >= target;
  return {
    next: { progress, lastEventAt, completedAt: completedNow ? lastEventAt : before.completedAt },
    completedNow,
  };
}

/**
 * One more counted event at `at`. Progress stops at the target. Completion is stamped with the latest
 * event time counted, so the same events in any order give the same completedAt.
 */
export function countOne(before: Progress, target: number, at: Date): Step {
  return settle(before, Math.min(target, before.progress + 1), target, at);
}

/**
 * A new collection value at `at`: progress is how far it rose above `baseline` (the value when the
 * period began), never going back down within the period: a price dip does not undo what was earned.
 */
export function valueGain(before: Progress, target: number, baseline: number, value: number, at: Date): Step {
  const gain = Math.max(0, value - baseline);
  return settle(before, Math.min(target, Math.max(before.progress, gain)), target, at);
}

export const EMPTY_PROGRESS: Progress = { progress: 0, lastEventAt: null, completedAt: null };
