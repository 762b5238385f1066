import { z } from 'zod';

/** Environment variables of trading on top of kit's base configuration. */
export const tradingConfigSchema = z.object({
  /** How long a pending offer stays open (game design: 7 days). */
  OFFER_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60 * 1000),
  /** How often pending offers past their expiry are marked expired (reads already treat them as expired). */
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * How often the sweeper re-drives accept sagas left half-way, and after how long one counts as stuck.
   * Longer than an accept's four holds at their 5 s deadline each, so a live accept is never taken over.
   */
  SAGA_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  SAGA_STUCK_AFTER_MS: z.coerce.number().int().positive().default(30_000),
});
export type TradingConfig = z.output<typeof tradingConfigSchema>;
