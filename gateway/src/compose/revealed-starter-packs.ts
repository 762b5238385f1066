import { LRUCache } from 'lru-cache';

/**
 * Players whose starter pack is revealed. Every load of the app asks for the starter pack (3-6% of a
 * crowd's requests, a cards-market call and a statement each), and after the reveal the answer is
 * empty for good: a revealed pack is never unrevealed, so remembering it needs no event and is true
 * on every gateway replica. Forgetting one (the cache is bounded) only costs a call.
 */
export class RevealedStarterPacks {
  private readonly users = new LRUCache<number, true>({ max: 200_000 });

  has(userId: number): boolean {
    return this.users.has(userId);
  }

  add(userId: number): void {
    this.users.set(userId, true);
  }
}
