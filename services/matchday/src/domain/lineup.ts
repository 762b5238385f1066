import { businessRule, invalid } from '@touchline/kit';
import { LINEUP_SIZE, lineupShapeError } from '@touchline/rules';

export const NOT_OPEN = 'This matchday is locked: lineups can no longer change';
export const NOT_YOURS = 'You can only field your own cards';
export const CARD_BUSY = 'A card in this lineup is listed for sale, in a trade offer or in another lineup';
export const NO_MATCHDAY = 'No such matchday';

/** The request's cards: five distinct ids, the captain among them. */
export function checkLineupRequest(cardIds: readonly number[], captainCardId: number): number[] {
  const ids = cardIds.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw invalid('card ids must be positive');
  if (new Set(ids).size !== ids.length) throw invalid('A card can be fielded only once');
  if (ids.length !== LINEUP_SIZE) throw invalid(`A lineup has ${LINEUP_SIZE} cards`);
  if (!ids.includes(captainCardId)) throw invalid('The captain must be one of the lineup’s cards');
  return ids;
}

/** The cards' positions make a lineup (one goalkeeper, a defender, a midfielder, a forward and one more). */
export function checkLineupShape(positions: readonly string[]): void {
  const error = lineupShapeError(positions);
  if (error) throw businessRule(error);
}

/** Each player once: two cards of one player would score the same match twice. */
export function checkDistinctPlayers(playerIds: readonly number[]): void {
  if (new Set(playerIds).size !== playerIds.length)
    throw businessRule('A player can be fielded only once in a lineup');
}

/** The same cards and captain as the lineup already fielded (a repeat changes nothing). */
export function sameLineup(
  a: { cardIds: readonly number[]; captainCardId: number },
  b: { cardIds: readonly number[]; captainCardId: number },
): boolean {
  const sorted = (ids: readonly number[]) => [...ids].sort((x, y) => x - y).join(',');
  return a.captainCardId === b.captainCardId && sorted(a.cardIds) === sorted(b.cardIds);
}
