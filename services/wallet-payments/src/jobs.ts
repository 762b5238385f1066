import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { PromoDeps } from './use-cases/deps';
import { sweepPromoMints } from './use-cases/promo-mint';

/** The sweeper that delivers promo card rewards whose minting failed (design.md section 4). */
export function walletJobs(deps: PromoDeps, sweepIntervalMs: number): BackgroundJob[] {
  return [intervalJob('promo-mint-sweeper', sweepIntervalMs, () => sweepPromoMints(deps), deps.logger)];
}
