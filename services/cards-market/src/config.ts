import { z } from 'zod';
import { booleanFromEnv } from '@touchline/kit';

export const cardsMarketConfigSchema = z.object({
  /** `always` / `never` force the market open or closed (demos, e2e, load tests); `schedule` is real hours. */
  MARKET_HOURS: z.enum(['always', 'never', 'schedule']).default('schedule'),
  /**
   * Tests and benchmarks only: a fixed seed for the price engine, so the same trades give the same
   * prices. Unset, the seed is a secret the service generates and keeps (src/price-seed.ts).
   */
  PRICE_SEED: z.string().min(1).optional(),
  /** How often the tick job looks for a due tick (and for the market opening or closing). */
  PRICE_TICK_CHECK_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The price tick's period: the spec's 5 minutes. e2e tests and benches shorten it (with
   * MARKET_HOURS=always and a short PRICE_TICK_CHECK_MS) to see ticks within seconds.
   */
  PRICE_TICK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60_000),
  /** How often the sweeper finishes or undoes buys left half-way, and after how long a buy counts as stuck. */
  SALE_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * The longest the auction sweeper waits between runs: it runs when the next open auction ends, so
   * this paces only retries (bid holds a crash or an outage left, a settlement that failed, an
   * auction started on another replica whose own sweeper died).
   */
  AUCTION_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Tests only: divides the four auction durations, so a browser test sees an auction end within
   * seconds (120: '1 hour' lasts 30 s). The names and the 30-second extension stay as they are.
   */
  AUCTION_DURATION_SCALE: z.coerce.number().int().min(1).default(1),
  /**
   * Seeds the demo squad challenges (domain/demo-challenges.ts). Only when asked for: `npm start`
   * (embedded) sets it, the stack and production do not.
   */
  DEMO_CHALLENGES: booleanFromEnv,
  SALE_STUCK_AFTER_MS: z.coerce.number().int().positive().default(15_000),
});
export type CardsMarketConfig = z.output<typeof cardsMarketConfigSchema>;
