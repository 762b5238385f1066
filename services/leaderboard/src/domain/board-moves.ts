/**
 * What the board's live change lists (events.proto BoardChanged): the users whose collection value
 * moved, value before and after. A card count alone moves no rank (the board orders by value), so
 * a change of count only is left out. Enough to tell a page whether its own rank could have moved;
 * past MAX_BOARD_MOVES (a price tick that reprices thousands of holders) the list is cut and marked,
 * and every page reads its rank again.
 */
export const MAX_BOARD_MOVES = 200;

export interface BoardMove {
  userId: number;
  collectionValue: number;
  previousValue: number;
}

export function boardMoves(rows: readonly BoardMove[]): { moves: BoardMove[]; truncated: boolean } {
  const moved = rows.filter((row) => row.collectionValue !== row.previousValue);
  return { moves: moved.slice(0, MAX_BOARD_MOVES), truncated: moved.length > MAX_BOARD_MOVES };
}
