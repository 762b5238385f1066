import type { Db, Logger, Random } from '@touchline/kit';
import { ensureFeedSeed } from './db/feed-seed';
import type { FeedKey } from './domain/feed-draw';

const SEED_BYTES = 32;

/**
 * The simulated feed's key, once at start. Whoever knows it knows every coming result (and could
 * field the players who will score), so by default it is random and kept in the service's own table,
 * the same for every replica and every restart. MATCH_SEED replaces it where results must repeat
 * (tests); anywhere else the warning says what that costs.
 */
export async function resolveFeedKey(sources: {
  config: { MATCH_SEED?: string; NODE_ENV: string };
  db: Db;
  random: Random;
  logger: Logger;
}): Promise<FeedKey> {
  const { config, db, random, logger } = sources;
  if (config.MATCH_SEED !== undefined) {
    if (config.NODE_ENV !== 'test')
      logger.warn(
        'MATCH_SEED is set: match results follow a seed that is not secret, so anyone who knows it can compute every coming result; for tests only, unset it in a deployment',
      );
    return config.MATCH_SEED;
  }
  return ensureFeedSeed(db, random.bytes(SEED_BYTES));
}
