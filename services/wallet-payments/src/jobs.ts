import type { BackgroundJob, Logger } from '@touchline/kit';
import type { PromoDeps } from './use-cases/deps';
import { sweepPromoMints } from './use-cases/promo-mint';

/** A job that runs `run` every `intervalMs`, one run at a time; stop() waits for the run in progress. */
function every(name: string, intervalMs: number, run: () => Promise<unknown>, logger: Logger): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    name,
    start() {
      timer = setInterval(() => {
        if (running) return;
        running = run()
          .catch((error: unknown) => logger.error({ err: error, job: name }, 'job failed'))
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The sweeper that delivers promo card rewards whose minting failed (design.md section 4). */
export function walletJobs(deps: PromoDeps, sweepIntervalMs: number): BackgroundJob[] {
  return [every('promo-mint-sweeper', sweepIntervalMs, () => sweepPromoMints(deps), deps.logger)];
}
