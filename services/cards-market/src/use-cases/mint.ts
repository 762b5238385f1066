import type { Knex } from 'knex';
import { businessRule } from '@touchline/kit';
import type { MintReason } from '../domain/card';
import { drawIndex } from '../domain/starter-pack';
import type { CardsDeps } from './deps';

export interface MintOrder {
  ownerId: number;
  reason: MintReason;
  reference: string;
  purchasePrice?: number;
}

interface MintedRow {
  minted_editions: number;
  max_editions: number;
  name: string;
  rarity: string;
  current_price: number;
}

/**
 * Mints the next edition of a player inside the caller's transaction, or returns undefined when
 * every edition exists. The guarded increment takes the player's row lock, so concurrent mints of
 * one player queue up: edition numbers are never duplicated, never exceed the maximum, and a
 * rolled-back mint gives its number back.
 */
export async function mintEdition(
  deps: Pick<CardsDeps, 'outbox' | 'clock'>,
  trx: Knex.Transaction,
  playerId: number,
  order: MintOrder,
): Promise<number | undefined> {
  const [player] = (await trx('players')
    .where({ id: playerId })
    .andWhereRaw('minted_editions < max_editions')
    .increment('minted_editions', 1)
    .returning(['minted_editions', 'max_editions', 'name', 'rarity', 'current_price'])) as MintedRow[];
  if (!player) return undefined;
  const now = deps.clock.now();
  const [card] = (await trx('cards')
    .insert({
      player_id: playerId,
      edition_number: player.minted_editions,
      owner_id: order.ownerId,
      acquired_at: now,
      purchase_price: order.purchasePrice ?? 0,
      origin: order.reason,
      created_at: now,
    })
    .returning('id')) as { id: number }[];
  await deps.outbox.add(trx, 'cards.card.minted', String(card!.id), {
    cardId: card!.id,
    userId: order.ownerId,
    playerId,
    playerName: player.name,
    rarity: player.rarity,
    editionNumber: player.minted_editions,
    maxEditions: player.max_editions,
    currentPrice: player.current_price,
    reason: order.reason,
    reference: order.reference,
    mintedAt: now.toISOString(),
  });
  return card!.id;
}

/** Mints one card of a random player of `rarity` that still has editions left. */
export async function mintRandomOfRarity(
  deps: Pick<CardsDeps, 'outbox' | 'clock' | 'random'>,
  trx: Knex.Transaction,
  rarity: string,
  order: MintOrder,
): Promise<number> {
  // A candidate can sell out between the read and the mint (another transaction): draw again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidates = (await trx('players')
      .where({ rarity })
      .andWhereRaw('minted_editions < max_editions')
      .orderBy('id')
      .select('id')) as { id: number }[];
    if (candidates.length === 0) break;
    const id = candidates[drawIndex(candidates.length, deps.random)]!.id;
    const cardId = await mintEdition(deps, trx, id, order);
    if (cardId !== undefined) return cardId;
  }
  throw businessRule(`No ${rarity} cards are left to mint`);
}
