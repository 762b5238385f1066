import type { Logger } from 'pino';
import { jobActions, jobFailures } from './metrics/catalog';
import type { BackgroundJob } from './service';

/**
 * A background job that runs `run` every `intervalMs` (and at start when asked), never two runs at
 * once; stop() waits for the run in flight. Failures are logged, and the next interval tries again.
 */
export function intervalJob(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  logger: Logger,
  options: { runAtStart?: boolean } = {},
): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
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
      .finally(() => (running = undefined));
  };
  return {
    name,
    start() {
      if (options.runAtStart) tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
