import type { Knex } from 'knex';

/** The user's starter cards, if they were granted already. */
export async function starterPackCards(trx: Knex.Transaction, userId: number): Promise<number[] | undefined> {
  const row = (await trx('starter_packs').where({ user_id: userId }).first()) as
    { card_ids: number[] } | undefined;
  return row?.card_ids.map(Number);
}

export async function recordStarterPack(
  trx: Knex.Transaction,
  userId: number,
  cardIds: number[],
  now: Date,
): Promise<void> {
  await trx('starter_packs').insert({ user_id: userId, card_ids: cardIds, granted_at: now });
}

/** The user's starter pack, if it was granted: its cards, and whether it was revealed. */
export async function starterPackOf(
  db: Knex,
  userId: number,
): Promise<{ cardIds: number[]; revealed: boolean } | undefined> {
  const row = (await db('starter_packs').where({ user_id: userId }).first('card_ids', 'revealed_at')) as
    { card_ids: number[]; revealed_at: Date | null } | undefined;
  return row && { cardIds: row.card_ids.map(Number), revealed: row.revealed_at !== null };
}

/** Marks the starter pack revealed; returns how many cards it holds (0 when it was already). */
export async function markStarterPackRevealed(db: Knex, userId: number, now: Date): Promise<number> {
  const rows = (await db('starter_packs')
    .where({ user_id: userId })
    .whereNull('revealed_at')
    .update({ revealed_at: now })
    .returning('card_ids')) as { card_ids: number[] }[];
  return rows[0]?.card_ids.length ?? 0;
}
