import { LRUCache } from 'lru-cache';

/**
 * Badges known to be earned, by user: a committed user_badges row was seen or written. Every sale
 * or purchase counts toward badges a user has mostly earned already, and each would otherwise try
 * the insert again (one statement per event for nothing). Rows are never deleted, so an entry stays
 * true; bounded, the least recently used entry goes first, and a forgotten one only costs that insert again.
 */
export class EarnedBadges {
  private readonly known = new LRUCache<string, true>({ max: 100_000 });

  has(userId: number, badgeId: string): boolean {
    return this.known.has(`${userId}:${badgeId}`);
  }

  add(userId: number, badgeId: string): void {
    this.known.set(`${userId}:${badgeId}`, true);
  }
}
