import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { PromoDeps } from './use-cases/deps';
import { sweepPromoMints } from './use-cases/promo-mint';

/** The sweeper that delivers promo card rewards whose minting failed (docs/design.md#4-cross-service-operations-sagas). */
export function walletJobs(deps: PromoDeps, sweepIntervalMs: number): BackgroundJob[] {
  return [intervalJob('promo-mint-sweeper', sweepIntervalMs, () => sweepPromoMints(deps), deps.logger)];
}
