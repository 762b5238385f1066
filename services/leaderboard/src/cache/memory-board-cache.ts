import { boardOrder, isRanked, type BoardEntry, type RankedStats } from '../domain/ranking';
import type { BoardCache } from './board-cache';

/**
 * The board cache in process memory (embedded mode, one process). Same contract as Redis: entries
 * only move forward by version; the ranked ones are kept sorted by board order.
 */
export function createMemoryBoardCache(): BoardCache & { clear(): void } {
  const entries = new Map<number, BoardEntry>();
  let order: BoardEntry[] = [];
  let built = false;
  let asOf = '';

  const positionOf = (entry: BoardEntry) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (boardOrder(order[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const remove = (entry: BoardEntry) => {
    const at = positionOf(entry);
    if (order[at]?.userId === entry.userId) order.splice(at, 1);
  };
  const ranked = (entry: BoardEntry): RankedStats => ({
    userId: entry.userId,
    collectionValue: entry.collectionValue,
    cardCount: entry.cardCount,
    rank: isRanked(entry) ? positionOf(entry) + 1 : 0,
  });

  return {
    apply(updates, time) {
      for (const update of updates) {
        const held = entries.get(update.userId);
        if (held && held.version >= update.version) continue;
        if (held && isRanked(held)) remove(held);
        const entry = { ...update };
        entries.set(entry.userId, entry);
        if (isRanked(entry)) order.splice(positionOf(entry), 0, entry);
      }
      const iso = time?.toISOString() ?? '';
      if (iso > asOf) asOf = iso;
      return Promise.resolve();
    },
    top(limit) {
      if (!built) return Promise.resolve(undefined);
      return Promise.resolve({
        entries: order.slice(0, limit).map((e, i) => ({
          userId: e.userId,
          collectionValue: e.collectionValue,
          cardCount: e.cardCount,
          rank: i + 1,
        })),
        total: order.length,
        asOf,
      });
    },
    stats(userIds) {
      if (!built) return Promise.resolve(undefined);
      return Promise.resolve(
        userIds.map((id) => {
          const entry = entries.get(id);
          return entry && ranked(entry);
        }),
      );
    },
    versions: () => Promise.resolve(new Map([...entries].map(([id, e]) => [id, e.version]))),
    isBuilt: () => Promise.resolve(built),
    markBuilt() {
      built = true;
      return Promise.resolve();
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
    /** What a flushed Redis looks like (tests). */
    clear() {
      entries.clear();
      order = [];
      built = false;
      asOf = '';
    },
  };
}
