import { businessRule, type OutboxEvent, type Tx } from '@touchline/kit';
import {
  insertCard,
  mintablePlayers,
  mintEditions,
  takeNextEdition,
  type MintablePlayer,
  type MintedEdition,
} from '../db/minting';
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

/** One card to mint: a random player of `rarity` with editions left, for `order`. */
export interface RaritySlot {
  rarity: string;
  order: MintOrder;
}

/** What mintOfRarities made: the cards in the slots' order, and their events, not written yet. */
export interface MintedCards {
  cards: MintedEdition[];
  events: OutboxEvent[];
}

/**
 * Mints one card per slot, each of a random player of its rarity with editions left, in the
 * caller's transaction and in a few statements whatever the count (bench:cost, a pack purchase):
 * one read of the candidates of every rarity, then one mint of every pick (db/minting.ts). Each
 * pick is drawn as a mint per card would draw it, a player leaving the draw with its last edition.
 * A candidate can sell out between the read and the mint (another transaction): its slots are drawn
 * again. The caller writes the events (with its own, in one outbox write).
 */
export async function mintOfRarities(
  deps: Pick<CardsDeps, 'clock' | 'random'>,
  trx: Tx,
  slots: RaritySlot[],
): Promise<MintedCards> {
  const minted: (MintedEdition | undefined)[] = slots.map(() => undefined);
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    const open = slots.flatMap((slot, index) => (minted[index] ? [] : [{ ...slot, index }]));
    if (open.length === 0) break;
    const candidates = new Map<string, MintablePlayer[]>();
    for (const player of await mintablePlayers(trx, [...new Set(open.map((slot) => slot.rarity))])) {
      const ofRarity = candidates.get(player.rarity);
      if (ofRarity) ofRarity.push(player);
      else candidates.set(player.rarity, [player]);
    }
    const picks = open.map((slot) => {
      const players = candidates.get(slot.rarity) ?? [];
      if (players.length === 0) throw businessRule(`No ${slot.rarity} cards are left to mint`);
      const at = drawIndex(players.length, deps.random);
      const player = players[at]!;
      if (--player.left === 0) players.splice(at, 1);
      return { index: slot.index, playerId: player.id, order: slot.order };
    });
    const cards = await mintEditions(
      trx,
      picks.map(({ playerId, order }) => ({
        playerId,
        ownerId: order.ownerId,
        purchasePrice: order.purchasePrice ?? 0,
        origin: order.reason,
      })),
      now,
    );
    picks.forEach((pick, at) => (minted[pick.index] = cards[at]));
  }
  const missing = slots.findIndex((_, index) => !minted[index]);
  if (missing >= 0) throw businessRule(`No ${slots[missing]!.rarity} cards are left to mint`);
  const cards = minted as MintedEdition[];
  return {
    cards,
    events: cards.map((card, index) => ({
      topic: 'cards.card.minted',
      key: String(card.id),
      payload: {
        cardId: card.id,
        userId: card.owner_id,
        playerId: card.player_id,
        playerName: card.name,
        rarity: card.rarity,
        editionNumber: card.edition_number,
        maxEditions: card.max_editions,
        currentPrice: card.current_price,
        reason: slots[index]!.order.reason,
        reference: slots[index]!.order.reference,
        mintedAt: now.toISOString(),
      },
    })),
  };
}

/** Mints one card of a random player of `rarity` that still has editions left, with its event. */
export async function mintRandomOfRarity(
  deps: Pick<CardsDeps, 'outbox' | 'clock' | 'random'>,
  trx: Tx,
  rarity: string,
  order: MintOrder,
): Promise<number> {
  const { cards, events } = await mintOfRarities(deps, trx, [{ rarity, order }]);
  await deps.outbox.addAll(trx, events);
  return cards[0]!.id;
}
