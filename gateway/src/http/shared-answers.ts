import { LRUCache } from 'lru-cache';
import { SHARED_ANSWER_BEHIND_HEADER } from '@touchline/contract';
import { markConditional } from './conditional';
import { shareBody } from './shared-json';

/**
 * What a shared answer is built from, and so what makes it change: listings (listed, withdrawn,
 * sold, the market's own cards), prices (a tick), players (a mint moves an edition count),
 * usernames (a sign-up, a rename, a ban), the market's hours (it opened or closed), the board, the
 * open trade wishes (one made, withdrawn or fulfilled). An answer names
 * the topics it depends on; a change of one drops it.
 */
export type SharedTopic =
  'listings' | 'prices' | 'players' | 'usernames' | 'marketStatus' | 'board' | 'wishes';
export const SHARED_TOPICS: readonly SharedTopic[] = [
  'listings',
  'prices',
  'players',
  'usernames',
  'marketStatus',
  'board',
  'wishes',
];

export interface SharedAnswersOptions {
  /** An answer is rebuilt after this long even without an event: a missed event costs at most this. */
  maxAgeMs: number;
  /**
   * After a change, an answer built less than this long ago still serves, and then while it is
   * rebuilt, up to three times this after it was built: under a crowd the market changes with every buy, several times a second, and
   * rebuilding it for each change kept every request waiting on a rebuild (250 players: 1,541 of
   * 3,070 market reads past the 5 s timeout). 0: every change is seen by the next request.
   */
  minIntervalMs?: number;
  /** Answers kept (every route and query variant together); the least recently used goes first. */
  capacity: number;
  /** Called on the first get(): the event subscription that keeps the answers true starts then. */
  onFirstUse?: () => void;
  now?: () => number;
}

/** Users whose last own change is remembered (the least recent go first). */
const OWN_CHANGES_KEPT = 20_000;

interface Entry {
  body: object;
  topics: readonly SharedTopic[];
  stamp: string;
  builtAt: number;
  /** How many changes the store had seen when its load started (changeCount). */
  seen: number;
}

interface Loading {
  stamp: string;
  promise: Promise<object>;
  /** The load that starts when this one ends, for callers who need a newer answer than it gives. */
  next?: Promise<object>;
}

// bench:crowd (not bench:read: it is per request): 100 players, shared reads p50 5,052 -> 86 ms, 53 -> 115 requests/s.
/**
 * Answers that are the same for every player between two changes (the market page, all players,
 * rosters, trending, price histories), built once per change and per gateway process instead of
 * once per request:
 * - per key (a route and its normalised query) the last answer, made a shared body (JSON,
 *   compressed copies and ETag made once, see shared-json.ts and conditional.ts);
 * - concurrent requests for a key share one upstream load, and a key has one load running at a
 *   time: a caller who needs a newer answer than the running load gives waits for the next one,
 *   which starts when it ends (rebuilds started for each change ran side by side and never caught up);
 * - `changed(topics)` (a live event, a mutation through this gateway) makes what depends on them
 *   stale: rebuilt for the next request, or, if it was built within minIntervalMs, served until
 *   then and while it is rebuilt (up to 3 × minIntervalMs after it was built);
 * - an answer older than maxAgeMs is rebuilt anyway (an event lost while the live link reconnects),
 *   in the background: it serves until its rebuild is in, or twice the max-age at most.
 */
export class SharedAnswers {
  private readonly entries: LRUCache<string, Entry>;
  private readonly loading = new Map<string, Loading>();
  /** Grows with every change of a topic. */
  private readonly versions = new Map<SharedTopic, number>(SHARED_TOPICS.map((t) => [t, 0]));
  /** Grows when everything is dropped (the live link reconnected): part of every stamp. */
  private epoch = 0;
  private used = false;
  private readonly now: () => number;

  /**
   * When each user last changed answers through this process (a sale, a withdrawal…): their own next
   * read of a changed answer is not coalesced, so nobody is shown the market without the card they
   * just listed (read-your-writes; the others still share the coalesced answer).
   */
  private readonly ownChanges = new LRUCache<number, number>({ max: OWN_CHANGES_KEPT });
  /** Grows with every change: orders a user's change and an answer's load, even in one millisecond. */
  private changeCount = 0;

  constructor(private readonly options: SharedAnswersOptions) {
    this.entries = new LRUCache({ max: options.capacity });
    this.now = options.now ?? Date.now;
  }

  /**
   * The answer for `key`, kept or loaded once for every concurrent caller. `load` must answer the
   * same for every user (nothing per user in it); its body is frozen in development and tests.
   * `reader`, the signed-in user asking, sees their own changes (changedBy) at once.
   */
  get<B extends object>(
    key: string,
    topics: readonly SharedTopic[],
    load: () => Promise<B>,
    reader?: number,
  ): Promise<B> {
    if (!this.used) {
      this.used = true;
      this.options.onFirstUse?.();
    }
    const stamp = this.stampOf(topics);
    const kept = this.entries.get(key);
    const age = kept ? this.now() - kept.builtAt : Infinity;
    if (kept && age < 2 * this.options.maxAgeMs) {
      if (kept.stamp === stamp) {
        if (age >= this.options.maxAgeMs) {
          // Old, but not known to be changed: it serves while one reload runs (up to twice the
          // max-age), so the max-age costs no request a wait nor, when the reload fails, an error.
          this.loadNext(key, topics, load).catch(() => undefined);
        }
        return Promise.resolve(kept.body as B);
      }
      // Changed by the reader's own change since it was built: they get the answer after it.
      if (reader !== undefined && (this.ownChanges.get(reader) ?? -1) > kept.seen)
        return this.loadNext(key, topics, load);
      // Changed, but built within the minimum interval: it serves; the first request after the
      // interval rebuilds it, and it serves on while that runs, up to three intervals after it was
      // built (under a crowd the wait for the rebuild was most of the market page's time).
      const interval = this.options.minIntervalMs ?? 0;
      if (age < interval) return Promise.resolve(kept.body as B);
      if (age < 3 * interval) {
        this.loadNext(key, topics, load).catch(() => undefined);
        return Promise.resolve(kept.body as B);
      }
    }
    return this.loadNext(key, topics, load);
  }

  /** An answer as new as the topics' versions now: the running load's, or the next one's. */
  private loadNext<B extends object>(
    key: string,
    topics: readonly SharedTopic[],
    load: () => Promise<B>,
  ): Promise<B> {
    const running = this.loading.get(key);
    if (!running) return this.startLoad(key, topics, load);
    if (running.stamp === this.stampOf(topics)) return running.promise as Promise<B>;
    running.next ??= running.promise.then(
      () => this.startLoad(key, topics, load),
      () => this.startLoad(key, topics, load),
    );
    return running.next as Promise<B>;
  }

  /** Loads `key` now; its answer is kept with the versions it was started at. */
  private startLoad<B extends object>(
    key: string,
    topics: readonly SharedTopic[],
    load: () => Promise<B>,
  ): Promise<B> {
    const stamp = this.stampOf(topics);
    const builtAt = this.now();
    const seen = this.changeCount;
    const epoch = this.epoch;
    const promise = load().then((body) => {
      const shared = markConditional(shareBody(body));
      // A load that began before everything was dropped is handed to its callers, not kept.
      if (this.epoch === epoch) this.entries.set(key, { body: shared, topics, stamp, builtAt, seen });
      return shared;
    });
    const loading: Loading = { stamp, promise };
    this.loading.set(key, loading);
    // A failed load is not kept: the next request tries again (its own callers get the error).
    const done = () => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /**
   * Whether `body`, which get(key, topics) gave, is behind a change this store has seen (served
   * while coalesced or rebuilt, or loaded while another change came): the client should ask again.
   */
  isBehind(key: string, topics: readonly SharedTopic[], body: object): boolean {
    const kept = this.entries.peek(key);
    return kept?.body !== body || kept.stamp !== this.stampOf(topics);
  }

  /** The header that tells the client whether `body` is behind (SHARED_ANSWER_BEHIND_HEADER). */
  headersFor(key: string, topics: readonly SharedTopic[], body: object): Record<string, string> {
    return { [SHARED_ANSWER_BEHIND_HEADER]: this.isBehind(key, topics, body) ? '1' : '0' };
  }

  /** get(), with the header that says whether the answer is behind: what a route answers. */
  async answer<B extends object>(
    key: string,
    topics: readonly SharedTopic[],
    load: () => Promise<B>,
    reader?: number,
  ): Promise<{ body: B; headers: Record<string, string> }> {
    const body = await this.get(key, topics, load, reader);
    return { body, headers: this.headersFor(key, topics, body) };
  }

  /** Something the answers are built from changed: those depending on `topics` are rebuilt. */
  changed(...topics: SharedTopic[]): void {
    // Their stamps no longer match; they stay to serve within the minimum interval.
    for (const topic of topics) this.versions.set(topic, this.versions.get(topic)! + 1);
    this.changeCount++;
  }

  /** `changed`, by a request of `userId` (a mutation through this process): see ownChanges. */
  changedBy(userId: number | undefined, ...topics: SharedTopic[]): void {
    this.changed(...topics);
    if (userId !== undefined && this.options.minIntervalMs) this.ownChanges.set(userId, this.changeCount);
  }

  /** Everything is rebuilt (the live link was lost or came back: events may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Which versions of its topics (and which epoch) an answer was built from. */
  private stampOf(topics: readonly SharedTopic[]): string {
    let stamp = String(this.epoch);
    for (const topic of topics) stamp += `|${this.versions.get(topic)}`;
    return stamp;
  }
}

/**
 * The store's key of an answer: the route's path and its query, normalised (keys sorted, blank
 * values left out, text trimmed) so that equal requests share one answer. Only what the upstream
 * answer depends on goes in: a page's cursor or size slices the answer, it does not make another.
 */
export function sharedKey(path: string, query: Record<string, unknown> = {}): string {
  const parts: [string, unknown][] = [];
  for (const name of Object.keys(query).sort()) {
    const raw = query[name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    parts.push([name, value]);
  }
  return parts.length === 0 ? path : `${path}?${JSON.stringify(parts)}`;
}
