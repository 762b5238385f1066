import { dueJob, intervalJob, type BackgroundJob, type WakeableJob } from '@touchline/kit';
import { sweepAuctions } from './use-cases/auction-settle';
import { sweepStuckSales } from './use-cases/buying';
import { sweepChallengeRewards } from './use-cases/challenge-submit';
import type { CardsDeps } from './use-cases/deps';
import { sweepStuckPurchases } from './use-cases/packs';
import { marketStatusWatcher } from './use-cases/market-status';
import { runDueTick } from './use-cases/prices';

/**
 * Auctions end by the clock: this settles each once its end has come
 * (docs/design.md#5-cards-and-the-market). It sleeps until the next open auction ends, or
 * AUCTION_SWEEP_INTERVAL_MS at most (bid holds a crash or an outage left, an auction another replica
 * started); a new auction here wakes it.
 */
export function auctionSweeper(deps: CardsDeps): WakeableJob {
  return dueJob('auction-sweeper', () => sweepAuctions(deps), deps.logger, {
    maxIntervalMs: deps.config.AUCTION_SWEEP_INTERVAL_MS,
    now: () => deps.clock.now(),
  });
}

/**
 * The price tick, the market's opening and closing, the sweepers of half-finished buys and pack
 * purchases and the challenge rewards not paid yet.
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
