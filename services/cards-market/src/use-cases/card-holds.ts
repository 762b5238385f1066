import { conflict, invalid, notFound } from '@touchline/kit';
import type { HoldCardsRequest__Output } from '@touchline/protos/gen/touchline/cards_market/HoldCardsRequest';
import { cardsByIds } from '../db/queries';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';

export const CARD_UNAVAILABLE = 'A card in this trade is no longer available';

interface HoldRow {
  hold_key: string;
  owner_id: number;
  to_user_id: number;
  card_ids: number[];
  status: 'held' | 'committed' | 'voided';
  reference: string;
}

/**
 * Reserves the owner's cards for a trade saga under hold_key: each must belong to the owner and be
 * neither listed, reserved by a buy, nor held by another trade. A repeat answers the same; a key
 * that was voided stays voided (the saga gave up on it).
 */
export async function holdCards(deps: CardsDeps, request: HoldCardsRequest__Output) {
  if (!request.holdKey) throw invalid('hold_key is required');
  const ids = [...new Set(request.cardIds)];
  if (ids.length === 0) throw invalid('card_ids is required');
  return deps.db.transaction(async (trx) => {
    const existing = (await trx('card_holds').where({ hold_key: request.holdKey }).forUpdate().first()) as
      HoldRow | undefined;
    if (existing)
      return { holdKey: existing.hold_key, status: existing.status, cardIds: existing.card_ids.map(Number) };
    const cards = (await trx('cards')
      .whereIn('id', ids)
      .orderBy('id')
      .forUpdate()
      .select('id', 'owner_id', 'hold_key', 'reserved_by')) as {
      id: number;
      owner_id: number;
      hold_key: string | null;
      reserved_by: string | null;
    }[];
    const listed = await trx('listings')
      .whereIn('card_id', ids)
      .whereIn('status', ['active', 'settling'])
      .first('id');
    const usable =
      cards.length === ids.length &&
      cards.every((c) => c.owner_id === request.ownerUserId && !c.hold_key && !c.reserved_by);
    if (!usable || listed) throw conflict(CARD_UNAVAILABLE);
    const now = deps.clock.now();
    await trx('cards').whereIn('id', ids).update({ hold_key: request.holdKey });
    await trx('card_holds').insert({
      hold_key: request.holdKey,
      owner_id: request.ownerUserId,
      to_user_id: request.toUserId,
      card_ids: ids,
      status: 'held',
      reason: request.reason || 'trade',
      reference: request.reference,
      created_at: now,
      updated_at: now,
    });
    return { holdKey: request.holdKey, status: 'held', cardIds: ids };
  });
}

/** Moves the held cards to the receiver. Repeats answer the same; a voided hold can never be committed. */
export async function commitCardHold(deps: CardsDeps, holdKey: string) {
  const hold = await deps.db.transaction(async (trx) => {
    const row = (await trx('card_holds').where({ hold_key: holdKey }).forUpdate().first()) as
      HoldRow | undefined;
    if (!row) throw notFound('No such card hold');
    if (row.status === 'voided') throw conflict('Card hold was voided');
    if (row.status === 'committed') return row;
    const now = deps.clock.now();
    const ids = row.card_ids.map(Number);
    const cards = (await trx('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .whereIn('k.id', ids)
      .select('k.id', 'k.player_id', 'p.current_price')) as {
      id: number;
      player_id: number;
      current_price: number;
    }[];
    await trx('cards')
      .whereIn('id', ids)
      .update({ owner_id: row.to_user_id, hold_key: null, acquired_at: now, purchase_price: 0 });
    await trx('card_holds').where({ hold_key: holdKey }).update({ status: 'committed', updated_at: now });
    for (const card of cards) {
      await deps.outbox.add(trx, 'cards.card.transferred', String(card.id), {
        cardId: card.id,
        playerId: card.player_id,
        fromUserId: row.owner_id,
        toUserId: row.to_user_id,
        currentPrice: card.current_price,
        reason: 'trade',
        reference: row.reference,
        transferredAt: now.toISOString(),
      });
    }
    return { ...row, status: 'committed' as const };
  });
  return {
    status: hold.status,
    cards: cardMessages(await cardsByIds(deps.db, deps.players, hold.card_ids.map(Number)), deps.players),
  };
}

/** Releases the cards. Voiding an unknown key leaves a tombstone, so a late hold or commit with it fails. */
export async function voidCardHold(deps: CardsDeps, holdKey: string) {
  if (!holdKey) throw invalid('hold_key is required');
  return deps.db.transaction(async (trx) => {
    const row = (await trx('card_holds').where({ hold_key: holdKey }).forUpdate().first()) as
      HoldRow | undefined;
    const now = deps.clock.now();
    if (!row) {
      await trx('card_holds').insert({
        hold_key: holdKey,
        owner_id: 0,
        to_user_id: 0,
        card_ids: [],
        status: 'voided',
        reason: 'tombstone',
        reference: '',
        created_at: now,
        updated_at: now,
      });
      return { status: 'voided' };
    }
    if (row.status === 'committed') throw conflict('Card hold was committed');
    if (row.status === 'held') {
      await trx('cards')
        .whereIn('id', row.card_ids.map(Number))
        .where({ hold_key: holdKey })
        .update({ hold_key: null });
      await trx('card_holds').where({ hold_key: holdKey }).update({ status: 'voided', updated_at: now });
    }
    return { status: 'voided' };
  });
}
