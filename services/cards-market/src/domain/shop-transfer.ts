import { businessRule, invalid } from '@touchline/kit';

export const PROTECTED_CARD = 'Messi cards can never be transferred to the shop';
export const NOT_YOUR_CARD = 'You can only transfer your own cards';
export const CARD_BUSY = 'A selected card is part of a pending trade or sale right now';
export const NO_CARDS_SELECTED = 'Please select at least one card to transfer.';
export const MAX_CARDS_PER_TRANSFER = 1_000;

export interface OwnedCard {
  id: number;
  ownerId: number;
  protected: boolean;
  /** Held by a trade saga, reserved by a buy, or its listing is being paid for. */
  busy: boolean;
}

/**
 * Which cards move. "All" takes every non-protected card that is not busy (busy ones stay and
 * count as remaining). A selection must name only the user's own, non-protected, idle cards: a
 * request naming a protected card is refused whole, so nothing moves.
 */
export function cardsToTransfer(
  userId: number,
  request: { all: boolean; cardIds: number[] },
  cards: OwnedCard[],
): number[] {
  if (request.all)
    return cards.filter((c) => c.ownerId === userId && !c.protected && !c.busy).map((c) => c.id);
  const ids = [...new Set(request.cardIds)];
  if (ids.length === 0) throw invalid(NO_CARDS_SELECTED);
  if (ids.length > MAX_CARDS_PER_TRANSFER) throw invalid(`At most ${MAX_CARDS_PER_TRANSFER} cards at once`);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw invalid('card_ids must be card ids');
  const byId = new Map(cards.map((c) => [c.id, c]));
  for (const id of ids) {
    const card = byId.get(id);
    if (!card || card.ownerId !== userId) throw businessRule(NOT_YOUR_CARD);
    if (card.protected) throw businessRule(PROTECTED_CARD);
  }
  if (ids.some((id) => byId.get(id)!.busy)) throw businessRule(CARD_BUSY);
  return ids.sort((a, b) => a - b);
}
