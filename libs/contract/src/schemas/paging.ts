import { z } from 'zod';

/**
 * The one paging style of the API (issue 42): `cursor` and `limit` in, `{ items, nextCursor }` out,
 * on every list the API pages. A call the spec makes without cursor and limit (the market, all
 * players, the catalog, the trade histories) still answers the spec's array.
 * Migration: replaces pageToken/nextPageToken (audit log) and before/X-Next-Before (trade histories).
 */

/** Items of a page when the call gives `cursor` without `limit`. */
export const PAGE_LIMIT_DEFAULT = 50;
/** The most items a page may hold. */
export const PAGE_LIMIT_MAX = 100;

/**
 * The same words as libs/kit's BAD_CURSOR_MESSAGE (which the contract cannot import: the web's build
 * loads it alone): a malformed cursor and one the codec refuses get the same 400.
 */
export const CURSOR_MESSAGE = 'must be the nextCursor of a previous page of this list';
/** The whole {message} of a 400 for a bad cursor, on every paged route. */
export const BAD_CURSOR = `cursor: ${CURSOR_MESSAGE}`;
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

/** Query fields of a paged list (spread into the list's query schema). */
export const pageQuery = {
  cursor: z
    .string()
    .max(400, CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE)
    .optional()
    .meta({ description: 'nextCursor of the previous page (opaque); 400 for any other' }),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(PAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .meta({ description: `Items per page: ${PAGE_LIMIT_DEFAULT} by default, at most ${PAGE_LIMIT_MAX}` }),
};

/** How many items a list the gateway holds whole has now (with its filters), for "N players". */
export const pageTotal = { total: z.number() };

/** The page answer of a list of `item`s, with what the list says of itself besides (`extra`). */
export const pageOf = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: E,
) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    ...(extra ?? ({} as E)),
  });

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
/** A page of a list the gateway holds whole: it knows the list's size. */
export type CountedPage<T> = Page<T> & { total: number };
export interface PageQuery {
  cursor?: string;
  limit?: number;
}

/** Whether a call asks for a page: where the spec calls a list without cursor and limit, it gets the array. */
export const wantsPage = (query: PageQuery) => query.cursor !== undefined || query.limit !== undefined;
