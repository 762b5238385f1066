import { PAGE_LIMIT_DEFAULT, type CountedPage, type PageQuery } from '@touchline/contract';
import { decodeCursor, encodeCursor, type Position, type SortKey } from '@touchline/kit';

/**
 * Server paging of a list the gateway already holds whole (issue 28, item 3): a page is a slice of
 * the list in a total order (the upstream's sort key, then the id), and its cursor is the position
 * of its last item in that order (keyset), not an offset, in libs/kit's one cursor codec. An item
 * that stays in the list from the first page to the last is served exactly once, whatever is added,
 * removed or sold in between.
 * Pure: no clock, no I/O; the memo of sorted copies is keyed by the (immutable) list itself.
 */

/** One sort of a list: how to read an item's key and id, and in which direction the keys go. */
export interface Order<T> {
  /** Names the list and sort in the cursor, so a cursor of another list or sort is refused. */
  tag: string;
  key: (item: T) => SortKey;
  id: (item: T) => number;
  descending?: boolean;
}

/** Numbers by value (a missing or non-finite one as 0), texts as the services sort names. */
function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

const finiteKey = (key: SortKey): SortKey => (typeof key === 'number' && !Number.isFinite(key) ? 0 : key);

function compareAt<T>(order: Order<T>, a: Position, b: Position): number {
  const byKey = compareKeys(a.key, b.key);
  if (byKey !== 0) return order.descending ? -byKey : byKey;
  return a.id - b.id;
}

const positionOf = <T>(order: Order<T>, item: T): Position => ({
  key: finiteKey(order.key(item)),
  id: order.id(item),
});

const sortedCopies = new WeakMap<readonly unknown[], Map<string, readonly unknown[]>>();

/**
 * The list in the order's total order: the list itself when it already is (the upstream sorts by the
 * key; only ties may need their ids put in order), else a sorted copy, made once per list and order.
 */
export function ordered<T>(items: readonly T[], order: Order<T>): readonly T[] {
  let copies = sortedCopies.get(items);
  const kept = copies?.get(order.tag);
  if (kept) return kept as readonly T[];
  const positions = items.map((item) => positionOf(order, item));
  let sorted = true;
  for (let i = 1; i < positions.length && sorted; i++)
    sorted = compareAt(order, positions[i - 1]!, positions[i]!) <= 0;
  const result = sorted
    ? items
    : items
        .map((item, i) => ({ item, at: positions[i]! }))
        .sort((a, b) => compareAt(order, a.at, b.at))
        .map(({ item }) => item);
  if (!copies) sortedCopies.set(items, (copies = new Map()));
  copies.set(order.tag, result);
  return result;
}

/** Where a page that ends at `item` ended, as a cursor (libs/kit's one codec). */
export const cursorAt = <T>(order: Order<T>, item: T): string =>
  encodeCursor(order.tag, positionOf(order, item));

/** The index of the first item after `after` in a list in the order (binary search). */
function firstAfter<T>(items: readonly T[], order: Order<T>, after: Position): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAt(order, positionOf(order, items[middle]!), after) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One page of the list: the items after the cursor (from the start without one), at most `limit`. */
export function pageOf<T>(items: readonly T[], order: Order<T>, query: PageQuery): CountedPage<T> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  const list = ordered(items, order);
  const start =
    query.cursor === undefined ? 0 : firstAfter(list, order, decodeCursor(order.tag, query.cursor));
  const slice = list.slice(start, start + limit);
  const last = slice[slice.length - 1];
  const more = start + slice.length < list.length;
  return {
    items: slice,
    nextCursor: more && last !== undefined ? cursorAt(order, last) : null,
    total: list.length,
  };
}
