/**
 * What the board's live change lists (events.proto BoardChanged): the users whose totals changed,
 * value before and after. Enough to tell a page whether its own rank could have moved, and, with the
 * count and rank the use case adds, to show the mover's own totals without asking (a change of count
 * alone moves no rank, but is listed: the mover's page shows the count). Past MAX_BOARD_MOVES (a
 * price tick that reprices thousands of holders) the list is cut and marked, and every page reads
 * its rank again.
 */
export const MAX_BOARD_MOVES = 200;

export interface BoardMove {
  userId: number;
  collectionValue: number;
  previousValue: number;
}

export function boardMoves<T extends BoardMove>(rows: readonly T[]): { moves: T[]; truncated: boolean } {
  return { moves: rows.slice(0, MAX_BOARD_MOVES), truncated: rows.length > MAX_BOARD_MOVES };
}
