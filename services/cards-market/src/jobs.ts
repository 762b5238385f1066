import { intervalJob, type BackgroundJob } from '@touchline/kit';
import { sweepAuctions } from './use-cases/auction-settle';
import { sweepStuckSales } from './use-cases/buying';
import { sweepChallengeRewards } from './use-cases/challenge-submit';
import type { CardsDeps } from './use-cases/deps';
import { sweepStuckPurchases } from './use-cases/packs';
import { marketStatusWatcher } from './use-cases/market-status';
import { runDueTick } from './use-cases/prices';

/**
 * The price tick, the market's opening and closing, the sweepers of half-finished buys and pack
 * purchases, the challenge rewards not paid yet, and the auction sweeper (settlements, bid holds to release).
 */
export function cardsJobs(deps: CardsDeps): BackgroundJob[] {
  const { config, logger } = deps;
  return [
    intervalJob('price-tick', config.PRICE_TICK_CHECK_MS, () => runDueTick(deps), logger, {
      runAtStart: true,
    }),
    intervalJob('market-status', config.PRICE_TICK_CHECK_MS, marketStatusWatcher(deps), logger, {
      runAtStart: true,
    }),
    intervalJob('sale-sweeper', config.SALE_SWEEP_INTERVAL_MS, () => sweepStuckSales(deps), logger),
    // Auctions end by the clock: this settles each once its end has come (docs/design.md#5-cards-and-the-market).
    intervalJob('auction-sweeper', config.AUCTION_SWEEP_INTERVAL_MS, () => sweepAuctions(deps), logger),
    intervalJob('pack-sweeper', config.SALE_SWEEP_INTERVAL_MS, () => sweepStuckPurchases(deps), logger),
    // A squad's cards burn before its coins are granted: this pays what a crash or an outage left.
    intervalJob(
      'challenge-reward-sweeper',
      config.SALE_SWEEP_INTERVAL_MS,
      () => sweepChallengeRewards(deps),
      logger,
    ),
  ];
}
