import { wantsPage, type CountedPage, type PageQuery } from '@touchline/contract';
import { pageOf, type Order } from '../compose/paging';
import { markConditional } from './conditional';
import { shareBody } from './shared-json';

/** Pages kept per list: the first pages of a list are what most requests ask for. */
const PAGES_PER_LIST = 32;

const pages = new WeakMap<object, Map<string, object>>();

/**
 * The answer of a paged list route: the whole list for a call without cursor and limit (as the spec
 * has it), else its page. A page is made once per list, cursor and limit, and sent as a shared body
 * (serialised and compressed once), so the crowd's identical first pages cost one slice.
 */
export function pagedAnswer<T, E extends object = object>(
  list: T[],
  order: Order<T>,
  query: PageQuery,
  extra?: E,
): T[] | (CountedPage<T> & E) {
  if (!wantsPage(query)) return list;
  let kept = pages.get(list);
  if (!kept) pages.set(list, (kept = new Map()));
  const key = `${query.cursor ?? ''}|${query.limit ?? ''}`;
  const page = kept.get(key);
  if (page) return page as CountedPage<T> & E;
  // A bad cursor throws here (400) and keeps nothing.
  // A page has its ETag like the list it is cut from: a client scrolling back gets 304.
  const made = markConditional(shareBody({ ...pageOf(list, order, query), ...extra } as CountedPage<T> & E));
  if (kept.size >= PAGES_PER_LIST) kept.delete(kept.keys().next().value!);
  kept.set(key, made);
  return made;
}
