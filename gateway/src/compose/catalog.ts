import type { CatalogEntry, Player } from '@touchline/contract';
import type { OwnedCount__Output } from '@touchline/protos/gen/touchline/cards_market/OwnedCount';

/**
 * The catalog of one user: the shared players (the same objects for every user, serialised with
 * each answer) with whether and how often this user owns each.
 */
export function catalogOf(players: readonly Player[], counts: readonly OwnedCount__Output[]): CatalogEntry[] {
  const owned = new Map(counts.map((c) => [Number(c.playerId), c.count]));
  return players.map((player) => {
    const count = owned.get(player.id) ?? 0;
    return { player, owned: count > 0, count };
  });
}
