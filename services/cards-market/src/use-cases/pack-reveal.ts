import { invalid, notFound } from '@touchline/kit';
import type { MarkPackRevealedRequest__Output } from '@touchline/protos/gen/touchline/cards_market/MarkPackRevealedRequest';
import type { UnopenedPack } from '@touchline/protos/gen/touchline/cards_market/UnopenedPack';
import { markRewardPackRevealed, unrevealedRewardPacks } from '../db/challenges';
import { MAX_UNOPENED, markRevealed, unrevealedPurchases, type UnopenedRow } from '../db/pack-purchases';
import { cardsByIds } from '../db/queries';
import { findPack } from '../domain/packs';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';

/**
 * A squad challenge's reward pack is listed with the bought ones under this id: not a purchase id
 * (those are the buyer's keys), so MarkPackRevealed tells the two apart by it.
 */
const REWARD_PACK = /^challenge-reward:(\d+)$/;
export const rewardPackId = (submissionId: number) => `challenge-reward:${submissionId}`;

/** Bought packs and squad challenges' reward packs not revealed yet, newest first, at most MAX_UNOPENED. */
async function unrevealed(deps: CardsDeps, userId: number): Promise<UnopenedRow[]> {
  const [bought, rewards] = [
    await unrevealedPurchases(deps.db, userId),
    await unrevealedRewardPacks(deps.db, userId, MAX_UNOPENED),
  ];
  const given = rewards.map((r) => ({
    id: rewardPackId(Number(r.id)),
    pack_id: r.reward_pack_id!,
    // A gift: its cards cost the player nothing.
    price: 0,
    card_ids: r.pack_card_ids!,
    created_at: r.created_at,
  }));
  return [...bought, ...given]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
    .slice(0, MAX_UNOPENED);
}

/**
 * A pack's cards are the buyer's at once; whether the buyer has seen them is kept apart (issue 43),
 * so that a pack closed before its reveal stays 'unopened' on home and the shop, on any device,
 * until the reveal ends. A squad challenge's reward pack waits there too, revealed the same way.
 */
export async function listUnopenedPacks(deps: CardsDeps, userId: number): Promise<{ packs: UnopenedPack[] }> {
  const rows = await unrevealed(deps, userId);
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
      pricePaid: Number(row.price),
    })),
  };
}

export async function markPackRevealed(deps: CardsDeps, request: MarkPackRevealedRequest__Output) {
  if (!request.purchaseId) throw invalid('purchase_id is required');
  const reward = REWARD_PACK.exec(request.purchaseId);
  // A buyer's own key may look like a reward pack's id: then it is their purchase after all.
  const mine =
    (reward !== null &&
      (await markRewardPackRevealed(deps.db, request.userId, Number(reward[1]), deps.clock.now()))) ||
    (await markRevealed(deps.db, request.userId, request.purchaseId, deps.clock.now()));
  if (!mine) throw notFound('Pack not found');
  return {};
}
