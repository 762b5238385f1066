import { conflict, inTransaction, invalid, notFound } from '@touchline/kit';
import { isLineupHold, LINEUP_CARD_MESSAGES } from '@touchline/rules';
import type { HoldCardsRequest__Output } from '@touchline/protos/gen/touchline/cards_market/HoldCardsRequest';
import {
  anyListed,
  giveHeldCards,
  insertHold,
  lockCardsToHold,
  lockHold,
  markCardsHeld,
  releaseHeldCards,
  setHoldStatus,
  settleHold,
} from '../db/card-holds';
import type { CardsDeps } from './deps';

export const CARD_UNAVAILABLE = 'A card in this trade is no longer available';

/**
 * Reserves the owner's cards for a trade saga under hold_key: each must belong to the owner and be
 * neither listed, reserved by a buy, nor held by another trade. A repeat answers the same; a key
 * that was voided stays voided (the saga gave up on it).
 */
export async function holdCards(deps: CardsDeps, request: HoldCardsRequest__Output) {
  if (!request.holdKey) throw invalid('hold_key is required');
  const ids = [...new Set(request.cardIds)];
  if (ids.length === 0) throw invalid('card_ids is required');
  return inTransaction(deps.db, async (trx) => {
    const existing = await lockHold(trx, request.holdKey);
    if (existing)
      return { holdKey: existing.hold_key, status: existing.status, cardIds: existing.card_ids.map(Number) };
    const cards = await lockCardsToHold(trx, ids);
    const listed = await anyListed(trx, ids);
    const usable =
      cards.length === ids.length &&
      cards.every((c) => c.owner_id === request.ownerUserId && !c.hold_key && !c.reserved_by);
    // A trade that meets a fielded card is told why; a lineup meeting one gets the same conflict.
    if (cards.some((c) => c.owner_id === request.ownerUserId && isLineupHold(c.hold_key)))
      throw conflict(LINEUP_CARD_MESSAGES.tradeCardInLineup);
    if (!usable || listed) throw conflict(CARD_UNAVAILABLE);
    const now = deps.clock.now();
    await markCardsHeld(
      trx,
      {
        holdKey: request.holdKey,
        ownerId: request.ownerUserId,
        toUserId: request.toUserId,
        cardIds: ids,
        status: 'held',
        reason: request.reason || 'trade',
        reference: request.reference,
      },
      now,
    );
    return { holdKey: request.holdKey, status: 'held', cardIds: ids };
  });
}

/** Moves the held cards to the receiver. Repeats answer the same; a voided hold can never be committed. */
export async function commitCardHold(deps: CardsDeps, holdKey: string) {
  const hold = await inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    // The usual case, a held hold, is decided by its conditional update; any other is read under its lock.
    const row = await settleHold(trx, holdKey, 'committed', now);
    if (!row) {
      const seen = await lockHold(trx, holdKey);
      if (!seen) throw notFound('No such card hold');
      if (seen.status === 'voided') throw conflict('Card hold was voided');
      return seen;
    }
    const ids = row.card_ids.map(Number);
    const cards = await giveHeldCards(trx, ids, row.to_user_id, now);
    await deps.outbox.addAll(
      trx,
      cards.map((card) => ({
        topic: 'cards.card.transferred' as const,
        key: String(card.id),
        payload: {
          cardId: card.id,
          playerId: card.player_id,
          fromUserId: row.owner_id,
          toUserId: row.to_user_id,
          currentPrice: card.current_price,
          reason: 'trade',
          reference: row.reference,
          transferredAt: now.toISOString(),
        },
      })),
    );
    return { ...row, status: 'committed' as const };
  });
  return { status: hold.status };
}

/** Releases the cards. Voiding an unknown key leaves a tombstone, so a late hold or commit with it fails. */
export async function voidCardHold(deps: CardsDeps, holdKey: string) {
  if (!holdKey) throw invalid('hold_key is required');
  return inTransaction(deps.db, async (trx) => {
    const row = await lockHold(trx, holdKey);
    const now = deps.clock.now();
    if (!row) {
      const tombstone = { holdKey, ownerId: 0, toUserId: 0, cardIds: [], reason: 'tombstone', reference: '' };
      await insertHold(trx, { ...tombstone, status: 'voided' }, now);
      return { status: 'voided' };
    }
    if (row.status === 'committed') throw conflict('Card hold was committed');
    if (row.status === 'held') {
      await releaseHeldCards(trx, row.card_ids.map(Number), holdKey);
      await setHoldStatus(trx, holdKey, 'voided', now);
    }
    return { status: 'voided' };
  });
}
