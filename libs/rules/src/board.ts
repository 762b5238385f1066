/** A player's place in the leaderboard's order: their collection value. */
export interface Standing {
  userId: number;
  collectionValue: number;
}

/** A user's move on the board: the collection value before and after. */
export interface ValueMove {
  userId: number;
  previousValue: number;
  collectionValue: number;
}

/**
 * Board order, as a comparator: higher collection value first, ties to the earlier sign-up (ids
 * grow with sign-ups). The leaderboard ranks by it; a page tells from it whom a move passed.
 */
export function boardOrder(a: Standing, b: Standing): number {
  return b.collectionValue - a.collectionValue || a.userId - b.userId;
}

/**
 * An open board reads itself again at most this often after changes (issue 43: it follows within
 * 2 s). Every card move anywhere is a change of the board: read at each, a crowd's boards asked more
 * than anything else (issue 41). The web's live leaderboard and the crowd benchmark both follow it.
 */
export const BOARD_REFRESH_MS = 2_000;

/**
 * How many places other players' moves shift `me` on the board: +1 for each who passed `me` (`me`
 * drops a place), −1 for each `me` passed. `me`'s own move is not counted: it carries its own rank.
 * Moves of one player across several changes telescope (before of one is after of the one before),
 * so the sum does not depend on the order the changes arrive in. The web's live leaderboard keeps
 * home's rank with it instead of reading the user again after every change (issue 41).
 */
export function rankShift(moves: readonly ValueMove[], me: Standing): number {
  const ahead = (userId: number, collectionValue: number) => boardOrder({ userId, collectionValue }, me) < 0;
  let shift = 0;
  for (const move of moves) {
    if (move.userId === me.userId) continue;
    const before = ahead(move.userId, move.previousValue);
    const after = ahead(move.userId, move.collectionValue);
    if (after && !before) shift++;
    else if (before && !after) shift--;
  }
  return shift;
}
