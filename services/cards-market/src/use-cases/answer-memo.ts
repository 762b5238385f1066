import { encodeOnce } from '@touchline/kit';
import { LRUCache } from 'lru-cache';
import type { PlayerCache } from '../db/player-cache';

/** Big answers kept (across all keys); a 500-card collection is about 1 MB decoded. */
const CAPACITY = 16;

// bench:read: user cards 43% -> 70-78% of bare with reuseDecoded and sharedBody (docs/performance.md, Reads).
/**
 * The last answers of a big per-user read (a user's cards), each with the fingerprint of everything
 * it was built from: the player cache's generation and the rows the request read. The same
 * fingerprint gives the same answer object, which gRPC then sends without encoding it again (kit's
 * encodeOnce). Nothing to invalidate: a change in a row or a reload of the players changes the
 * fingerprint. The market's lists have none: the gateway's shared answers ask for them once per change.
 */
class AnswerMemo {
  private readonly entries = new LRUCache<string, { fingerprint: string; answer: object }>({ max: CAPACITY });

  constructor(private readonly players: PlayerCache) {}

  /**
   * The answer for `key` built from `rows` (their fingerprint) and the players of `generation`,
   * read before the rows were: an answer is kept only if the players did not reload meanwhile.
   */
  get<T extends object>(key: string, generation: number, rows: string, build: () => T): T {
    // The players reloaded while the rows were read: this answer mixes two generations, keep nothing.
    if (this.players.generation !== generation) return build();
    const fingerprint = `${generation}|${rows}`;
    const hit = this.entries.get(key);
    if (hit?.fingerprint === fingerprint) return hit.answer as T;
    const answer = build();
    this.entries.set(key, { fingerprint, answer: encodeOnce(answer) });
    return answer;
  }
}

const memos = new WeakMap<PlayerCache, AnswerMemo>();

/** The memo of the answers built from one player cache (one per service instance). */
export function answerMemo(players: PlayerCache): AnswerMemo {
  let memo = memos.get(players);
  if (!memo) memos.set(players, (memo = new AnswerMemo(players)));
  return memo;
}

/** A fingerprint of rows: their listed fields, in order. */
export function fingerprintOf<R>(rows: readonly R[], fields: readonly (keyof R)[]): string {
  let out = '';
  for (const row of rows) {
    for (const field of fields) {
      const value = row[field] as unknown;
      out += value instanceof Date ? value.getTime() : String(value);
      out += ',';
    }
    out += ';';
  }
  return out;
}
