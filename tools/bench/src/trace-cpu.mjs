// The page's main-thread tasks by thread time (a trace event's `tdur`), not wall time (`dur`):
// Lighthouse simulates a 4x slower CPU by multiplying each task's observed wall time, so on a busy
// machine, where the renderer waits for a core, its Total Blocking Time counts the machine's load
// too. Plain JavaScript: lighthouse-run.mjs, run by plain node, imports it.

/** @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: any }} TraceEvent */

/** Lighthouse's simulated CPU slowdown on mobile and its long-task threshold. */
const SLOWDOWN = 4;
const LONG_MS = 50;

/**
 * From a page load's trace: the longest main-thread task (thread and wall time, ms), the share of
 * wall time the main thread ran (thread over wall time, all tasks), and the blocking time the tasks
 * from the first contentful paint on would make at 4x if each took its thread time (`cpuTbtMs`: an
 * estimate of Lighthouse's TBT on an idle machine; Lighthouse's own ends at time to interactive).
 * @param {TraceEvent[]} events
 */
export function cpuSummary(events) {
  const byThread = new Map();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    byThread.set(key, (byThread.get(key) ?? 0) + (e.dur ?? 0));
  }
  // The renderer's main thread: the one that ran the most.
  const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.tdur !== undefined,
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const longest = tasks.reduce((a, e) => (e.tdur > (a?.tdur ?? -1) ? e : a), undefined);
  const sum = (key) => tasks.reduce((total, e) => total + (e[key] ?? 0), 0);
  const cpuTbtMs = tasks
    .filter((e) => !fcp || e.ts >= fcp.ts)
    .reduce((total, e) => total + Math.max(0, (SLOWDOWN * e.tdur) / 1000 - LONG_MS), 0);
  return {
    longestTaskCpuMs: (longest?.tdur ?? NaN) / 1000,
    longestTaskWallMs: (longest?.dur ?? NaN) / 1000,
    cpuShare: sum('tdur') / sum('dur'),
    cpuTbtMs,
  };
}
