import { inTransaction, type Tx } from '@touchline/kit';
import { cardsByIds, type CardWithPlayer } from '../db/queries';
import {
  markStarterPackRevealed as markRevealed,
  recordStarterPack,
  starterPackCards,
  starterPackOf,
} from '../db/starter-packs';
import { STARTER_PACK_SIZE, STARTER_PACK_WEIGHTS, drawRarity } from '../domain/starter-pack';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { mintOfRarities } from './mint';

/**
 * Mints a new user's three starter cards, once: the starter_packs row (primary key user id) is
 * written in the same transaction, so a second delivery of the sign-up event finds it and mints
 * nothing. Returns the ids of the user's starter cards either way.
 */
export async function grantStarterPack(deps: CardsDeps, trx: Tx, userId: number): Promise<number[]> {
  const existing = await starterPackCards(trx, userId);
  if (existing) return existing;
  const now = deps.clock.now();
  const order = { ownerId: userId, reason: 'starter_pack' as const, reference: `starter:${userId}` };
  const { cards, events } = await mintOfRarities(
    deps,
    trx,
    Array.from({ length: STARTER_PACK_SIZE }, () => ({
      rarity: drawRarity(STARTER_PACK_WEIGHTS, deps.random),
      order,
    })),
  );
  const cardIds = cards.map((card) => card.id);
  await recordStarterPack(trx, userId, cardIds, now);
  await deps.outbox.addAll(trx, [
    ...events,
    {
      topic: 'cards.starter_pack.granted',
      key: String(userId),
      payload: { userId, cardIds, grantedAt: now.toISOString() },
    },
  ]);
  return cardIds;
}

/** GrantStarterPack: the grant on its own (admin tools, tests), answering the starter cards. */
export async function grantStarterPackNow(deps: CardsDeps, userId: number) {
  const ids = await inTransaction(deps.db, (trx) => grantStarterPack(deps, trx, userId));
  deps.players.invalidate();
  return { cards: cardMessages(await cardsByIds(deps.db, deps.players, ids), deps.players) };
}

/**
 * The starter cards the user has not seen revealed yet (none afterwards, nor before the grant), and
 * whether the pack was revealed: for good, so the gateway can stop asking.
 */
export async function starterPackState(
  deps: CardsDeps,
  userId: number,
): Promise<{ cards: CardWithPlayer[]; revealed: boolean }> {
  const pack = await starterPackOf(deps.db, userId);
  if (!pack || pack.revealed) return { cards: [], revealed: pack?.revealed ?? false };
  const cards = await cardsByIds(deps.db, deps.players, pack.cardIds);
  // Only cards the user still owns: one sold before the reveal is not shown again.
  return { cards: cards.filter((c) => c.owner_id === userId), revealed: false };
}

/** Marks the starter pack seen; a repeat marks nothing. */
export async function markStarterPackRevealed(
  deps: CardsDeps,
  userId: number,
): Promise<{ revealed: number }> {
  return { revealed: await markRevealed(deps.db, userId, deps.clock.now()) };
}
