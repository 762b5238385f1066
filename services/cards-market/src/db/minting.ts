import type { Knex } from 'knex';

export interface MintedPlayer {
  minted_editions: number;
  max_editions: number;
  name: string;
  rarity: string;
  current_price: number;
}

/**
 * Counts one more edition of the player, unless every edition exists (then undefined). The guarded
 * increment takes the player's row lock, so concurrent mints of one player queue up.
 */
export async function takeNextEdition(
  trx: Knex.Transaction,
  playerId: number,
): Promise<MintedPlayer | undefined> {
  const [player] = (await trx('players')
    .where({ id: playerId })
    .andWhereRaw('minted_editions < max_editions')
    .increment('minted_editions', 1)
    .returning(['minted_editions', 'max_editions', 'name', 'rarity', 'current_price'])) as MintedPlayer[];
  return player;
}

export async function insertCard(
  trx: Knex.Transaction,
  card: { playerId: number; edition: number; ownerId: number; purchasePrice: number; origin: string },
  now: Date,
): Promise<number> {
  const [row] = (await trx('cards')
    .insert({
      player_id: card.playerId,
      edition_number: card.edition,
      owner_id: card.ownerId,
      acquired_at: now,
      purchase_price: card.purchasePrice,
      origin: card.origin,
      created_at: now,
    })
    .returning('id')) as { id: number }[];
  return row!.id;
}

/** Ids of the players of `rarity` that still have editions left, in id order. */
export async function playersWithEditionsLeft(trx: Knex.Transaction, rarity: string): Promise<number[]> {
  const rows = (await trx('players')
    .where({ rarity })
    .andWhereRaw('minted_editions < max_editions')
    .orderBy('id')
    .select('id')) as { id: number }[];
  return rows.map((r) => r.id);
}

/** The cards an earlier mint request with this key minted, if there was one. */
export async function mintRequestCards(trx: Knex.Transaction, key: string): Promise<number[] | undefined> {
  const row = (await trx('mint_requests').where({ idempotency_key: key }).first()) as
    { card_ids: number[] } | undefined;
  return row?.card_ids.map(Number);
}

export async function recordMintRequest(
  trx: Knex.Transaction,
  key: string,
  userId: number,
  cardIds: number[],
  now: Date,
): Promise<void> {
  await trx('mint_requests').insert({
    idempotency_key: key,
    user_id: userId,
    card_ids: cardIds,
    created_at: now,
  });
}
