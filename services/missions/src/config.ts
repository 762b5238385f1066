import { z } from 'zod';

/** Environment variables of missions on top of kit's base configuration. */
export const missionsConfigSchema = z.object({
  /** How long a claim waits for the wallet's Grant before answering "pending" (the sweeper finishes it). */
  WALLET_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** How often the sweeper pays claims left pending, and after how long without an attempt one counts as stuck. */
  CLAIM_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
  CLAIM_STUCK_AFTER_MS: z.coerce.number().int().positive().default(15_000),
  /** How often collections that received a card are checked for a completed team (the Full Squad badge). */
  ROSTER_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
});
export type MissionsConfig = z.output<typeof missionsConfigSchema>;
