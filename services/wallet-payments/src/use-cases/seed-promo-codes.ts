import type { Knex } from 'knex';
import { insertPromoCode } from '../db/promo';
import { DEMO_PROMO_CODES } from '../domain/demo-promo-codes';
import { checkDefinition } from '../domain/promo';

/**
 * Adds the demo codes that are missing (PROMO_SEED=dev). Not a migration: a production database
 * must never get free coins by upgrading. A code already there is left as it is (and as used).
 */
export async function seedPromoCodes(db: Knex): Promise<string[]> {
  const added: string[] = [];
  for (const def of DEMO_PROMO_CODES)
    if (await insertPromoCode(db, checkDefinition(def))) added.push(def.code);
  return added;
}
