import { z } from 'zod';

/** Environment variables of leaderboard on top of kit's base configuration (REDIS_URL among them). */
export const leaderboardConfigSchema = z.object({
  /** Prefix of the Redis keys of the board cache (one per deployment; tests use their own). */
  LEADERBOARD_CACHE_KEY: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and : . _ - only')
    .default('touchline:leaderboard'),
  /**
   * How often a replica compares the cache with Postgres and repairs what differs (a replica that
   * died between its commit and its cache write, a Redis that lost writes or was flushed).
   */
  LEADERBOARD_RECONCILE_MS: z.coerce.number().int().positive().default(60_000),
});
export type LeaderboardConfig = z.output<typeof leaderboardConfigSchema>;
