import type { Logger } from 'pino';
import { jobActions, jobFailures } from './metrics/catalog';
import type { BackgroundJob } from './service';

/** A job that can also be asked to run now (after a commit that queued work for it). */
export interface WakeableJob extends BackgroundJob {
  /** Runs soon: now, or right after the run in flight (which may have missed the new work). */
  wake(): void;
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
  let running: Promise<unknown> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  const tick = () => {
    if (running) return;
    running = run()
      .then((acted) => {
        // A sweeper says how many rows it settled or undid.
        if (typeof acted === 'number' && acted > 0) jobActions.inc({ job: name }, acted);
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
        }
      });
  };
  return {
    name,
    start() {
      started = true;
      if (options.runAtStart) tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    wake() {
      if (!started || stopped) return;
      if (running) again = true;
      else tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
