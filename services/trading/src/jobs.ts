import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { TradingDeps } from './use-cases/deps';
import { sweepStuckSagas } from './use-cases/sweeper';
import { expireOffers } from './use-cases/voiding';

/** The sweeper of half-finished accepts and the expiry of week-old offers. */
export function tradingJobs(deps: TradingDeps): BackgroundJob[] {
  const { config, logger } = deps;
  return [
    intervalJob('trade-saga-sweeper', config.SAGA_SWEEP_INTERVAL_MS, () => sweepStuckSagas(deps), logger),
    intervalJob('offer-expiry', config.EXPIRY_SWEEP_INTERVAL_MS, () => expireOffers(deps), logger),
  ];
}
