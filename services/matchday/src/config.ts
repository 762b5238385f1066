import { z } from 'zod';

/** Environment variables of matchday on top of kit's base configuration. */
export const matchdayConfigSchema = z.object({
  /**
   * Where the results come from: `simulated` (the match model, seeded from a secret) or `import`
   * (an admin uploads each matchday's results file; a matchday stays locked until its file comes).
   */
  MATCH_FEED: z.enum(['simulated', 'import']).default('simulated'),
  /**
   * Replaces the simulated feed's stored random secret, so results repeat (tests, benchmarks); anywhere
   * else it makes every coming result computable by whoever reads the configuration.
   */
  MATCH_SEED: z.string().min(1).optional(),
  /** How often a matchday kicks off: one a day by default; minutes for demos and tests. */
  MATCHDAY_CYCLE_MS: z.coerce.number().int().min(10_000).default(86_400_000),
  /** Any kickoff time; the others are whole cycles before and after it (default 23:00 UTC, 6 pm ET). */
  MATCHDAY_ANCHOR: z.iso.datetime().default('2026-01-01T23:00:00.000Z'),
  /** How long after kickoff the results come in; by default a fifth of the cycle, at most two hours. */
  MATCHDAY_RESULTS_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /**
   * The longest the sweeper waits between runs: it wakes at each kickoff and results time by the
   * schedule, so this only paces retries (a peer that was down, results not uploaded yet).
   */
  MATCHDAY_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** A hold asked of cards-market and not in a lineup after this long is voided by the sweeper. */
  HOLD_STUCK_AFTER_MS: z.coerce.number().int().positive().default(60_000),
  /** How long a wallet Grant or a card hold may take before the step is left to the sweeper. */
  MATCHDAY_PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
});
export type MatchdayConfig = z.output<typeof matchdayConfigSchema>;
