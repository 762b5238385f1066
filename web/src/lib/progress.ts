/** Colour band of a progress value (docs/spec/game-spec.md#9-business-constants-and-limits): under 30% red, under 60% yellow, else green. */
export type ProgressTone = 'red' | 'yellow' | 'green';

export function progressTone(percent: number): ProgressTone {
  if (percent < 30) return 'red';
  if (percent < 60) return 'yellow';
  return 'green';
}

/** Whole percent of part in total, rounded down so 100% means complete; 0 when total is not positive. */
export function percentOf(part: number, total: number): number {
  if (!(total > 0) || !(part > 0)) return 0;
  return Math.min(100, Math.floor((part / total) * 100));
}
