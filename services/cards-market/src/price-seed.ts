import type { Db, Logger, Random } from '@touchline/kit';
import { ensurePriceSeed } from './db/price-seed';
import type { PriceKey } from './domain/price-draw';

/** Bytes of a generated seed: the HMAC key of SHA-256's size, beyond any search. */
const SEED_BYTES = 32;

export interface PriceSeedSources {
  config: { PRICE_SEED?: string; NODE_ENV: string };
  db: Db;
  random: Random;
  logger: Logger;
}

/**
 * The price engine's key, once at start. Whoever knows it knows every future tick, so by default it
 * is random and kept in the service's own table, the same for every replica and every restart.
 * PRICE_SEED replaces it where prices must repeat (tests, benchmarks); anywhere else that makes the
 * prices predictable to whoever reads the configuration, which the warning says.
 */
export async function resolvePriceSeed({ config, db, random, logger }: PriceSeedSources): Promise<PriceKey> {
  if (config.PRICE_SEED !== undefined) {
    if (config.NODE_ENV !== 'test')
      logger.warn(
        'PRICE_SEED is set: prices follow a seed that is not secret, so anyone who knows it can predict every tick; for tests and benchmarks only, unset it in a deployment',
      );
    return config.PRICE_SEED;
  }
  return ensurePriceSeed(db, random.bytes(SEED_BYTES));
}
