import type { Db } from '@touchline/kit';
import { capUnlimitedCode, insertPromoCode } from '../db/promo';
import { DEMO_PROMO_CODES } from '../domain/demo-promo-codes';
import { checkDefinition } from '../domain/promo';

export interface DemoPromoSeeding {
  /** Codes inserted by this start. */
  added: string[];
  /** Demo codes an earlier version had seeded without a limit, now limited. */
  capped: string[];
}

/**
 * Adds the demo codes that are missing, only with DEMO_PROMO_CODES=true. Not a migration: a
 * production database must never get free coins by upgrading. A code already there is left as it is
 * (and as used), except that a demo code seeded unlimited by an earlier version (recognised by its
 * code and description) gets its limit, with or without the flag: that only ever takes rewards away.
 */
export async function seedDemoPromoCodes(db: Db, options: { seed: boolean }): Promise<DemoPromoSeeding> {
  const added: string[] = [];
  if (options.seed)
    for (const def of DEMO_PROMO_CODES)
      if (await insertPromoCode(db, checkDefinition(def))) added.push(def.code);

  const capped: string[] = [];
  for (const def of DEMO_PROMO_CODES) {
    // Never below what was already redeemed: it is then exhausted.
    if (await capUnlimitedCode(db, def.code, def.description, def.maxRedemptions)) capped.push(def.code);
  }
  return { added, capped };
}
