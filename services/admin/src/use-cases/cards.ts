import type { CollectionCard } from '@touchline/protos/gen/touchline/admin/CollectionCard';
import type { TransferToShopResponse } from '@touchline/protos/gen/touchline/admin/TransferToShopResponse';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { requireAdmin, requireKey } from './require-admin';

/** The admin's own cards; isMessi is the player's protected flag (docs/design.md#7-decisions-on-the-specs-open-points). */
export async function listCollectionCards(
  deps: AdminDeps,
  userId: number,
): Promise<{ cards: CollectionCard[] }> {
  await requireAdmin(deps, userId);
  const { cards } = await deps.cards.ListCollectionCards({ userId });
  return {
    cards: cards.map((c) => ({
      id: c.id,
      isMessi: c.protected,
      rarity: c.rarity,
      position: c.position,
      edition: c.edition,
      maxEditions: c.maxEditions,
      imageUrl: c.imageUrl,
      playerName: c.playerName,
      teamName: c.teamName,
      currentPrice: c.currentPrice,
    })),
  };
}

/**
 * Moves the admin's selected (or all non-Messi) cards to the market through cards-market, which
 * refuses a request naming a protected card and answers a retry of the key with the first result.
 */
export async function transferToShop(
  deps: AdminDeps,
  request: { userId: number; transferAllNonMessi: boolean; cardIds: number[]; idempotencyKey: string },
): Promise<TransferToShopResponse> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const { cards } = await deps.cards.ListCollectionCards({ userId: request.userId });
  return audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'cards.transfer_to_shop',
      targetType: 'cards',
      targetId: String(request.userId),
      key,
      request: request.transferAllNonMessi ? { transferAllNonMessi: true } : { cardIds: request.cardIds },
      before: { cards: cards.length, protectedCards: cards.filter((c) => c.protected).length },
    },
    () =>
      deps.cards.TransferToShop({
        userId: request.userId,
        transferAllNonProtected: request.transferAllNonMessi,
        cardIds: request.cardIds,
        idempotencyKey: key,
      }),
    (result) => ({ transferred: result.transferred, remaining: result.remaining }),
  );
}
