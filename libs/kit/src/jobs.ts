import type { Logger } from 'pino';
import { jobActions, jobFailures } from './metrics/catalog';
import type { BackgroundJob } from './service';

/** A job that can also be asked to run now (after a commit that queued work for it). */
export interface WakeableJob extends BackgroundJob {
  /** Runs soon: now, or right after the run in flight (which may have missed the new work). */
  wake(): void;
}

/**
 * Runs `run` one at a time, counting the rows each run says it acted on and each failure; a `wake`
 * during a run runs it again right after (the run in flight may have missed the new work), otherwise
 * `after` hears the run's answer (undefined when it failed). `stop` waits for the run in flight.
 */
function serialRuns<T>(
  name: string,
  run: () => Promise<T>,
  actedOf: (answer: T) => number | undefined,
  logger: Logger,
  after: (answer: T | undefined) => void,
) {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (running) return;
    let answer: T | undefined;
    running = run()
      .then((result) => {
        answer = result;
        const acted = actedOf(result);
        if (acted && acted > 0) jobActions.inc({ job: name }, acted);
      })
      .catch((error: unknown) => {
        jobFailures.inc({ job: name });
        logger.error({ err: error, job: name }, 'background job failed');
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          tick();
        } else if (!stopped) after(answer);
      });
  };
  return {
    tick,
    wake() {
      if (running) again = true;
      else tick();
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * A background job that runs `run` every `intervalMs` (and at start when asked), never two runs at
 * once; stop() waits for the run in flight. Failures are logged, and the next interval tries again.
 * `wake()` runs it between intervals, so a job fed by this process's commits can keep a long interval
 * as its safety net instead of polling for them.
 */
export function intervalJob(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  logger: Logger,
  options: { runAtStart?: boolean } = {},
): WakeableJob {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  // A sweeper says how many rows it settled or undid.
  const runs = serialRuns(
    name,
    run,
    (acted) => (typeof acted === 'number' ? acted : undefined),
    logger,
    () => {},
  );
  return {
    name,
    start() {
      started = true;
      if (options.runAtStart) runs.tick();
      timer = setInterval(runs.tick, intervalMs);
      timer.unref();
    },
    wake() {
      if (!started || stopped) return;
      runs.wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await runs.stop();
    },
  };
}

/** What a run of a `dueJob` answers: how many rows it settled, and when its next work falls due. */
export interface DueRun {
  acted?: number;
  /** The earliest time known work falls due; undefined when none is known (the job waits `maxIntervalMs`). */
  nextAt?: Date;
}

/**
 * A background job whose work falls due at known times (a kickoff, an auction's end): each run says
 * when the next work is due, and the job sleeps until then instead of polling, or `maxIntervalMs` at
 * most (the safety net for work another replica queued or a failure left). `wake()` runs it now, for
 * work this process just queued. Times are the injected clock's; the timer is the process's.
 */
export function dueJob(
  name: string,
  run: () => Promise<DueRun>,
  logger: Logger,
  options: { maxIntervalMs: number; now: () => Date; runAtStart?: boolean },
): WakeableJob {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  const schedule = (nextAt: Date | undefined) => {
    clearTimeout(timer);
    if (stopped) return;
    const untilDue = nextAt ? nextAt.getTime() - options.now().getTime() : Infinity;
    timer = setTimeout(runs.tick, Math.max(0, Math.min(untilDue, options.maxIntervalMs)));
    timer.unref();
  };
  const runs = serialRuns(
    name,
    run,
    (answer) => answer.acted,
    logger,
    (answer) => schedule(answer?.nextAt),
  );
  return {
    name,
    start() {
      started = true;
      if (options.runAtStart) runs.tick();
      else schedule(undefined);
    },
    wake() {
      if (!started || stopped) return;
      runs.wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await runs.stop();
    },
  };
}
