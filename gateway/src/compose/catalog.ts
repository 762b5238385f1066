import type { CatalogEntry, Player } from '@touchline/contract';
import { LRUCache } from 'lru-cache';
import type { OwnedCount__Output } from '@touchline/protos/gen/touchline/cards_market/OwnedCount';
import { markConditional } from '../http/conditional';
import { shareBody } from '../http/shared-json';

/** Users whose last catalog is kept (about 0.5 MB each with its JSON and compressed copies). */
const RECENT_USERS = 32;

const recent = new LRUCache<number, { players: readonly Player[]; counts: string; body: CatalogEntry[] }>({
  max: RECENT_USERS,
});

/**
 * The catalog of one user: the shared players (the same objects for every user) with whether and
 * how often this user owns each. A user asking again before anything changed gets the same body
 * (JSON and compressed copies made once) with its ETag, so a page that has it gets 304.
 */
export function catalogOf(
  userId: number,
  players: readonly Player[],
  counts: readonly OwnedCount__Output[],
): CatalogEntry[] {
  const key = counts.map((c) => `${c.playerId}:${c.count}`).join(',');
  const kept = recent.get(userId);
  if (kept && kept.players === players && kept.counts === key) return kept.body;
  const owned = new Map(counts.map((c) => [Number(c.playerId), c.count]));
  const body = players.map((player) => {
    const count = owned.get(player.id) ?? 0;
    return { player, owned: count > 0, count };
  });
  recent.set(userId, { players, counts: key, body });
  return markConditional(shareBody(body));
}
