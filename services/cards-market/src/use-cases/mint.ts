import { businessRule, type Tx } from '@touchline/kit';
import { insertCard, playersWithEditionsLeft, takeNextEdition } from '../db/minting';
import type { MintReason } from '../domain/card';
import { drawIndex } from '../domain/starter-pack';
import type { CardsDeps } from './deps';

export interface MintOrder {
  ownerId: number;
  reason: MintReason;
  reference: string;
  purchasePrice?: number;
}

/**
 * Mints the next edition of a player inside the caller's transaction, or returns undefined when
 * every edition exists. The guarded increment takes the player's row lock, so concurrent mints of
 * one player queue up: edition numbers are never duplicated, never exceed the maximum, and a
 * rolled-back mint gives its number back.
 */
export async function mintEdition(
  deps: Pick<CardsDeps, 'outbox' | 'clock'>,
  trx: Tx,
  playerId: number,
  order: MintOrder,
): Promise<number | undefined> {
  const player = await takeNextEdition(trx, playerId);
  if (!player) return undefined;
  const now = deps.clock.now();
  const cardId = await insertCard(
    trx,
    {
      playerId,
      edition: player.minted_editions,
      ownerId: order.ownerId,
      purchasePrice: order.purchasePrice ?? 0,
      origin: order.reason,
    },
    now,
  );
  await deps.outbox.add(trx, 'cards.card.minted', String(cardId), {
    cardId,
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
  return cardId;
}

/** Mints one card of a random player of `rarity` that still has editions left. */
export async function mintRandomOfRarity(
  deps: Pick<CardsDeps, 'outbox' | 'clock' | 'random'>,
  trx: Tx,
  rarity: string,
  order: MintOrder,
): Promise<number> {
  // A candidate can sell out between the read and the mint (another transaction): draw again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidates = await playersWithEditionsLeft(trx, rarity);
    if (candidates.length === 0) break;
    const id = candidates[drawIndex(candidates.length, deps.random)]!;
    const cardId = await mintEdition(deps, trx, id, order);
    if (cardId !== undefined) return cardId;
  }
  throw businessRule(`No ${rarity} cards are left to mint`);
}
