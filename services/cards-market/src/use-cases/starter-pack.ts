import type { Knex } from 'knex';
import { cardsByIds, type CardWithPlayer } from '../db/queries';
import { STARTER_PACK_SIZE, STARTER_PACK_WEIGHTS, drawRarity } from '../domain/starter-pack';
import type { CardsDeps } from './deps';
import { mintRandomOfRarity } from './mint';

/**
 * Mints a new user's three starter cards, once: the starter_packs row (primary key user id) is
 * written in the same transaction, so a second delivery of the sign-up event finds it and mints
 * nothing. Returns the ids of the user's starter cards either way.
 */
export async function grantStarterPack(
  deps: CardsDeps,
  trx: Knex.Transaction,
  userId: number,
): Promise<number[]> {
  const existing = (await trx('starter_packs').where({ user_id: userId }).first()) as
    { card_ids: number[] } | undefined;
  if (existing) return existing.card_ids.map(Number);
  const now = deps.clock.now();
  const cardIds: number[] = [];
  for (let i = 0; i < STARTER_PACK_SIZE; i++) {
    const rarity = drawRarity(STARTER_PACK_WEIGHTS, deps.random);
    cardIds.push(
      await mintRandomOfRarity(deps, trx, rarity, {
        ownerId: userId,
        reason: 'starter_pack',
        reference: `starter:${userId}`,
      }),
    );
  }
  await trx('starter_packs').insert({ user_id: userId, card_ids: cardIds, granted_at: now });
  await deps.outbox.add(trx, 'cards.starter_pack.granted', String(userId), {
    userId,
    cardIds,
    grantedAt: now.toISOString(),
  });
  return cardIds;
}

/** The starter cards the user has not seen revealed yet (empty afterwards). */
export async function unrevealedStarterCards(deps: CardsDeps, userId: number): Promise<CardWithPlayer[]> {
  const pack = (await deps
    .db('starter_packs')
    .where({ user_id: userId })
    .whereNull('revealed_at')
    .first()) as { card_ids: number[] } | undefined;
  if (!pack) return [];
  const cards = await cardsByIds(deps.db, deps.players, pack.card_ids.map(Number));
  // Only cards the user still owns: one sold before the reveal is not shown again.
  return cards.filter((c) => c.owner_id === userId);
}

/** Marks the starter pack seen; a repeat marks nothing. */
export async function markStarterPackRevealed(
  deps: CardsDeps,
  userId: number,
): Promise<{ revealed: number }> {
  const rows = (await deps
    .db('starter_packs')
    .where({ user_id: userId })
    .whereNull('revealed_at')
    .update({ revealed_at: deps.clock.now() })
    .returning('card_ids')) as { card_ids: number[] }[];
  return { revealed: rows[0]?.card_ids.length ?? 0 };
}
