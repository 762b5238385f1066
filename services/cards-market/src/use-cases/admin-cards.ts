import { MARKET_USER_ID } from '@touchline/rules';
import { conflict, inTransaction, invalid } from '@touchline/kit';
import type { AdminCollectionCard } from '@touchline/protos/gen/touchline/cards_market/AdminCollectionCard';
import type { TransferToShopRequest__Output } from '@touchline/protos/gen/touchline/cards_market/TransferToShopRequest';
import type { TransferToShopResponse } from '@touchline/protos/gen/touchline/cards_market/TransferToShopResponse';
import { withdrawListingRow } from '../db/listings';
import { cardsOfUser } from '../db/queries';
import {
  cardCountOf,
  earlierTransfer,
  giveCardsToMarket,
  lockCardsForShop,
  recordTransferredCards,
  startTransfer,
} from '../db/shop-transfers';
import { adminCollectionCard } from '../mappers';
import { cardsToTransfer, type OwnedCard } from '../domain/shop-transfer';
import type { CardsDeps } from './deps';

/**
 * The cards an admin can send to the shop (their own), each with whether its player is protected:
 * "Messi" cards in the admin screen's words, never selectable or transferable.
 */
export async function listCollectionCards(
  deps: CardsDeps,
  userId: number,
): Promise<{ cards: AdminCollectionCard[] }> {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw invalid('user_id is required');
  const cards = await cardsOfUser(deps.db, deps.players, userId);
  return {
    cards: cards.map(adminCollectionCard),
  };
}

/**
 * Moves an admin's selected (or all) non-protected cards to the market, user 0, where they are
 * sold at the current price. A listed card's listing is withdrawn first. Each card moved publishes
 * cards.card.transferred (trading then voids offers and wishes on it). The same key again moves
 * nothing and answers what the first call moved.
 */
export async function transferToShop(
  deps: CardsDeps,
  request: TransferToShopRequest__Output,
): Promise<TransferToShopResponse> {
  if (!Number.isSafeInteger(request.userId) || request.userId <= 0) throw invalid('user_id is required');
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const all = request.transferAllNonProtected;
  const key = `${request.userId}:${request.idempotencyKey}`;
  const moved = await inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    if (!(await startTransfer(trx, key, request.userId, now))) {
      const earlier = await earlierTransfer(trx, key);
      if (Number(earlier.user_id) !== request.userId)
        throw conflict('Idempotency key was used for another transfer');
      return earlier.card_ids.length;
    }
    const locked = await lockCardsForShop(trx, request.userId, all ? [] : request.cardIds);
    const owned: OwnedCard[] = locked.map((c) => ({
      id: Number(c.id),
      ownerId: Number(c.owner_id),
      protected: c.protected,
      busy: c.hold_key !== null || c.reserved_by !== null || c.listing_status === 'settling',
    }));
    const ids = cardsToTransfer(request.userId, { all, cardIds: request.cardIds }, owned);
    const moving = locked.filter((c) => ids.includes(Number(c.id)));
    for (const card of moving.filter((c) => c.listing_id !== null)) {
      await withdrawListingRow(trx, card.listing_id!, now);
      await deps.outbox.add(trx, 'cards.listing.withdrawn', String(card.id), {
        listingId: card.listing_id!,
        cardId: card.id,
        userId: request.userId,
        playerId: card.player_id,
        reason: 'transfer_to_shop',
        withdrawnAt: now.toISOString(),
      });
    }
    await giveCardsToMarket(trx, ids, now);
    for (const card of moving) {
      await deps.outbox.add(trx, 'cards.card.transferred', String(card.id), {
        cardId: card.id,
        playerId: card.player_id,
        fromUserId: request.userId,
        toUserId: MARKET_USER_ID,
        currentPrice: card.current_price,
        reason: 'transfer_to_shop',
        reference: key,
        transferredAt: now.toISOString(),
      });
    }
    await recordTransferredCards(trx, key, ids);
    return ids.length;
  });
  return {
    success: true,
    transferred: moved,
    remaining: await cardCountOf(deps.db, request.userId),
    error: '',
  };
}
