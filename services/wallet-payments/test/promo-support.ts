import type { Knex } from 'knex';
import { insertPromoCode } from '../src/db/promo';
import { checkDefinition, type PromoCodeDefinition } from '../src/domain/promo';

/**
 * Writes a promo code into the wallet's database as an operator would (checked first): only what
 * `def` gives, so no coins, card, packs, generated cards, expiry or limit unless it says.
 */
export async function addPromoCode(
  db: Knex,
  def: Partial<PromoCodeDefinition> & { code: string },
): Promise<void> {
  await insertPromoCode(
    db,
    checkDefinition({
      description: '',
      coins: 0,
      cardPlayerId: null,
      packs: [],
      generated: null,
      expiresAt: null,
      maxRedemptions: null,
      ...def,
    }),
  );
}
