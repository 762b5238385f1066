import { invalid } from './errors';

/**
 * The one paging cursor of the system (issue 42): the services' keyset pages over row ids and the
 * gateway's pages of lists it holds whole both make and read their cursors here, so every paged
 * route answers a bad cursor with the same 400.
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/**
 * What a client is told for any cursor this system did not make for the list asked. The HTTP edge
 * (libs/contract's pageQuery) says the same of a malformed one, prefixed with the field like every
 * query error; the two are pinned by the gateway's paging routes test.
 */
export const BAD_CURSOR_MESSAGE = 'cursor: must be the nextCursor of a previous page of this list';

/** A request's page_size: 0 means the default; larger than the maximum is capped rather than refused. */
export function pageSize(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0) throw invalid('page_size must not be negative');
  return requested === 0 ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE);
}

export type SortKey = number | string;

/** Where a page ended: its last item's sort key and id (the id breaks ties, so each item has one place). */
export interface Position {
  key: SortKey;
  id: number;
}

const VERSION = 1;
const MAX_TEXT_KEY = 200;

function isPosition(json: unknown, list: string): json is { v: 1; s: string; k: SortKey; i: number } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { v, s, k, i, ...rest } = json as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    v === VERSION &&
    s === list &&
    ((typeof k === 'number' && Number.isFinite(k)) || (typeof k === 'string' && k.length <= MAX_TEXT_KEY)) &&
    Number.isSafeInteger(i)
  );
}

/**
 * Opaque to clients; `list` (a list and its sort) is in it so that a cursor of one list or sort is
 * refused by another instead of silently starting somewhere else in it.
 */
export function encodeCursor(list: string, at: Position): string {
  return Buffer.from(JSON.stringify({ v: VERSION, s: list, k: at.key, i: at.id })).toString('base64url');
}

/** The position a cursor names; `invalid` (400) for one not made by encodeCursor for this list. */
export function decodeCursor(list: string, cursor: string): Position {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR_MESSAGE);
  }
  if (!isPosition(json, list)) throw invalid(BAD_CURSOR_MESSAGE);
  return { key: json.k, id: json.i };
}

/** Cursors of a list paged by row id alone, newest first (the services' keyset pages). */
export function idCursors(list: string) {
  return {
    encode: (lastId: number): string => encodeCursor(list, { key: lastId, id: lastId }),
    /** The id to continue below; undefined for the first page (no cursor). */
    decode(cursor: string): number | undefined {
      if (cursor === '') return undefined;
      const { key, id } = decodeCursor(list, cursor);
      if (key !== id || id <= 0) throw invalid(BAD_CURSOR_MESSAGE);
      return id;
    },
  };
}
