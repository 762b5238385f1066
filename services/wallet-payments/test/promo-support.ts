import type { Knex } from 'knex';
import { insertPromoCode } from '../src/db/promo';
import { checkDefinition, type PromoCodeDefinition } from '../src/domain/promo';

/** A promo code's fields but its code, giving nothing: no coins, card, packs, expiry or limit. */
export const NOTHING_PROMO: Omit<PromoCodeDefinition, 'code'> = {
  description: '',
  coins: 0,
  cardPlayerId: null,
  packs: [],
  generated: null,
  expiresAt: null,
  maxRedemptions: null,
};

/**
 * Writes a promo code into the wallet's database as an operator would (checked first), giving only
 * what `def` says.
 */
export async function addPromoCode(
  db: Knex,
  def: Partial<PromoCodeDefinition> & { code: string },
): Promise<void> {
  await insertPromoCode(db, checkDefinition({ ...NOTHING_PROMO, ...def }));
}
