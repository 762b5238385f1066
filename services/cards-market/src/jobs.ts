import type { BackgroundJob } from '@touchline/kit';
import { sweepStuckSales } from './use-cases/buying';
import { sweepStuckPurchases } from './use-cases/packs';
import type { CardsDeps } from './use-cases/deps';
import { priceTickJob } from './use-cases/prices';

function every(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  deps: CardsDeps,
): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    name,
    start() {
      timer = setInterval(() => {
        running = run().catch((error: unknown) => deps.logger.error({ err: error, job: name }, 'job failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The price tick and the sweepers of half-finished buys and pack purchases. */
export function cardsJobs(deps: CardsDeps): BackgroundJob[] {
  return [
    priceTickJob(deps),
    every('sale-sweeper', deps.config.SALE_SWEEP_INTERVAL_MS, () => sweepStuckSales(deps), deps),
    every('pack-sweeper', deps.config.SALE_SWEEP_INTERVAL_MS, () => sweepStuckPurchases(deps), deps),
  ];
}
