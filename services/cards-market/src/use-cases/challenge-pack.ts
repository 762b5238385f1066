import { businessRule, DomainError, type Tx } from '@touchline/kit';
import { drawPack, type PackDefinition } from '../domain/packs';
import type { CardsDeps } from './deps';
import { mintOfRarities } from './mint';

/**
 * Mints a squad challenge's reward pack inside the transaction that burns the squad (decision 0018),
 * by the pack's published odds, as a promo pack is: the cards are a gift (purchase price 0) whose
 * origin says where they came from ('challenge'), and the pack is given exactly when the squad is
 * burned: a refused or rolled-back submission mints nothing, a repeat finds the submission and mints
 * nothing more. No `cards.pack.opened`: like a promo code's pack, a reward pack is not a pack the
 * player opened from the shop, so the "open packs" missions and the Pack Opener badge do not count it.
 */
export async function mintRewardPack(
  deps: Pick<CardsDeps, 'outbox' | 'clock' | 'random'>,
  trx: Tx,
  pack: PackDefinition,
  userId: number,
  reference: string,
): Promise<number[]> {
  const order = { ownerId: userId, reason: 'challenge' as const, reference, purchasePrice: 0 };
  try {
    const slots = drawPack(pack, deps.random).map((rarity) => ({ rarity, order }));
    const { cards, events } = await mintOfRarities(deps, trx, slots);
    await deps.outbox.addAll(trx, events);
    return cards.map((card) => card.id);
  } catch (error) {
    // A rarity sold out: the squad stays the player's, and the answer says why.
    if (error instanceof DomainError && error.code === 'business_rule')
      throw businessRule(`The ${pack.name} cannot be given now: ${error.message}`);
    throw error;
  }
}
