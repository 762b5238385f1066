import { intervalJob, type BackgroundJob } from '@touchline/kit';
import { foldPlatformBalanceChanges } from './db/platform-balances';
import type { PromoDeps } from './use-cases/deps';
import { sweepPromoMints } from './use-cases/promo-mint';

export interface WalletJobTimings {
  sweepIntervalMs: number;
  foldIntervalMs: number;
}

/**
 * The sweeper that delivers promo card rewards whose minting failed (docs/design.md#4-cross-service-operations-sagas),
 * and the folding of the platform accounts' balance changes into their rows (decision 0020).
 */
export function walletJobs(deps: PromoDeps, timings: WalletJobTimings): BackgroundJob[] {
  return [
    intervalJob('promo-mint-sweeper', timings.sweepIntervalMs, () => sweepPromoMints(deps), deps.logger),
    intervalJob(
      'platform-balance-folder',
      timings.foldIntervalMs,
      () => foldPlatformBalanceChanges(deps.db),
      deps.logger,
    ),
  ];
}
