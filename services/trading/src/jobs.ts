import type { BackgroundJob } from '@touchline/kit';
import type { TradingDeps } from './use-cases/deps';
import { sweepStuckSagas } from './use-cases/sweeper';
import { expireOffers } from './use-cases/voiding';

function every(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  deps: TradingDeps,
): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    name,
    start() {
      timer = setInterval(() => {
        if (running) return; // a slow run is not overtaken by the next one
        running = run()
          .catch((error: unknown) => deps.logger.error({ err: error, job: name }, 'job failed'))
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

/** The sweeper of half-finished accepts and the expiry of week-old offers. */
export function tradingJobs(deps: TradingDeps): BackgroundJob[] {
  return [
    every('trade-saga-sweeper', deps.config.SAGA_SWEEP_INTERVAL_MS, () => sweepStuckSagas(deps), deps),
    every('offer-expiry', deps.config.EXPIRY_SWEEP_INTERVAL_MS, () => expireOffers(deps), deps),
  ];
}
