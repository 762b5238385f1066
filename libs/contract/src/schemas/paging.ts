import { z } from 'zod';

/**
 * Server paging of the big lists (the market, the catalog, all players; issue 28). A call with
 * `cursor` or `limit` answers one page `{ items, nextCursor, total }`; a call with neither answers the
 * whole array as the spec has it.
 */

/** Items of a page when the call gives `cursor` without `limit`. */
export const PAGE_LIMIT_DEFAULT = 50;
/** The most items a page may hold. */
export const PAGE_LIMIT_MAX = 100;

export const CURSOR_MESSAGE = 'cursor must be the nextCursor of a previous page of this list and sort';
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

/** Query fields of a paged list (spread into the list's query schema). */
export const pageQuery = {
  /**
   * nextCursor of the previous page: opaque to clients. The gateway decodes it and answers 400 for a
   * cursor it did not make, or one made for another sort.
   */
  cursor: z
    .string()
    .max(400, CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE)
    .optional()
    .meta({
      description: 'nextCursor of the previous page (opaque); with cursor or limit the answer is a page',
    }),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(PAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .meta({ description: `Items per page: ${PAGE_LIMIT_DEFAULT} by default, at most ${PAGE_LIMIT_MAX}` }),
};

/** The page answer of a list of `item`s. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many items the whole list (with these filters) holds now, for "N players" and "N left". */
    total: z.number(),
  });

export type Page<T> = { items: T[]; nextCursor: string | null; total: number };
export interface PageQuery {
  cursor?: string;
  limit?: number;
}
