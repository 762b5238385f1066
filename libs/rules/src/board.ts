/** A player's place in the leaderboard's order: their collection value. */
export interface Standing {
  userId: number;
  value: number;
}

/** A user's move on the board: the collection value before and after. */
export interface ValueMove {
  userId: number;
  previousValue: number;
  collectionValue: number;
}

/** The board's order (services/leaderboard domain/ranking.ts): higher value first, ties to the lower id. */
export const isAhead = (other: Standing, me: Standing): boolean =>
  other.value > me.value || (other.value === me.value && other.userId < me.userId);

/**
 * How many places other players' moves shift `me` on the board: +1 for each who passed `me` (`me`
 * drops a place), −1 for each `me` passed. `me`'s own move is not counted: it carries its own rank.
 * Moves of one player across several changes telescope (before of one is after of the one before),
 * so the sum does not depend on the order the changes arrive in. The web's live leaderboard keeps
 * home's rank with it instead of reading the user again after every change (issue 41).
 */
export function rankShift(moves: readonly ValueMove[], me: Standing): number {
  let shift = 0;
  for (const move of moves) {
    if (move.userId === me.userId) continue;
    const before = isAhead({ userId: move.userId, value: move.previousValue }, me);
    const after = isAhead({ userId: move.userId, value: move.collectionValue }, me);
    if (after && !before) shift++;
    else if (before && !after) shift--;
  }
  return shift;
}
