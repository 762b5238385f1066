import { boardOrder, MARKET_USER_ID } from '@touchline/rules';
import { invalid } from '@touchline/kit';

/** The market owns cards as user 0; it is never ranked. */
export const DEFAULT_TOP = 100;
export const MAX_TOP = 1000;
export const MAX_USERS_PER_CALL = 1000;

export interface BoardEntry {
  userId: number;
  collectionValue: number;
  cardCount: number;
  /** Grows with every change of the user's row: a cache keeps an entry only if it is newer. */
  version: number;
  banned: boolean;
}

export interface RankedStats {
  userId: number;
  collectionValue: number;
  cardCount: number;
  /** 1-based; 0 = not ranked. */
  rank: number;
}

export function isRanked(entry: Pick<BoardEntry, 'userId' | 'banned'>): boolean {
  return entry.userId !== MARKET_USER_ID && !entry.banned;
}

/** Board order: libs/rules' (the pages tell from it whom a move passed). */
export { boardOrder };

/** How many entries GetTop returns: 0 means the default top 100. */
export function topLimit(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0 || requested > MAX_TOP)
    throw invalid(`limit must be between 0 and ${MAX_TOP}`);
  return requested === 0 ? DEFAULT_TOP : requested;
}

export function checkUserIds(userIds: number[]): number[] {
  if (userIds.length > MAX_USERS_PER_CALL) throw invalid(`at most ${MAX_USERS_PER_CALL} users per call`);
  if (userIds.some((id) => !Number.isSafeInteger(id) || id < 0))
    throw invalid('user ids must be non-negative');
  return userIds;
}

export const unranked = (userId: number): RankedStats => ({
  userId,
  collectionValue: 0,
  cardCount: 0,
  rank: 0,
});
