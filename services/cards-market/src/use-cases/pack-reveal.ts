import { invalid, notFound } from '@touchline/kit';
import type { MarkPackRevealedRequest__Output } from '@touchline/protos/gen/touchline/cards_market/MarkPackRevealedRequest';
import type { UnopenedPack } from '@touchline/protos/gen/touchline/cards_market/UnopenedPack';
import { markRevealed, unrevealedPurchases } from '../db/pack-purchases';
import { cardsByIds } from '../db/queries';
import { findPack } from '../domain/packs';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';

/**
 * A pack's cards are the buyer's at once; whether the buyer has seen them is kept apart (issue 43),
 * so that a pack closed before its reveal stays 'unopened' on home and the shop, on any device,
 * until the reveal ends.
 */
export async function listUnopenedPacks(deps: CardsDeps, userId: number): Promise<{ packs: UnopenedPack[] }> {
  const rows = await unrevealedPurchases(deps.db, userId);
  const cards = cardMessages(
    await cardsByIds(
      deps.db,
      deps.players,
      rows.flatMap((row) => row.card_ids.map(Number)),
    ),
    deps.players,
  );
  const byId = new Map(cards.map((card) => [Number(card.id), card]));
  return {
    packs: rows.map((row) => ({
      purchaseId: row.id,
      packId: row.pack_id,
      packName: findPack(row.pack_id)?.name ?? 'Card Pack',
      // In the order they were minted, which is the order the reveal shows them.
      cards: row.card_ids.map((id) => byId.get(Number(id))).filter((card) => card !== undefined),
      boughtAt: row.created_at.toISOString(),
    })),
  };
}

export async function markPackRevealed(deps: CardsDeps, request: MarkPackRevealedRequest__Output) {
  if (!request.purchaseId) throw invalid('purchase_id is required');
  const mine = await markRevealed(deps.db, request.userId, request.purchaseId, deps.clock.now());
  if (!mine) throw notFound('Pack not found');
  return {};
}
