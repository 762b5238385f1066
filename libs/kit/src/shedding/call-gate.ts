export interface CallGateOptions {
  /** Calls in flight at most; more wait for a slot. */
  concurrency: number;
  /** Calls that may wait for a slot; one more is refused at once (0: none wait). */
  queue: number;
  /**
   * The longest a call waits for a slot. Once the oldest waiting call has waited half of it, the
   * queue is standing (slots free up slower than calls come) and a new call is refused at once.
   */
  maxWaitMs: number;
  /**
   * How fast the recent service times follow a change (0-1): the weight of the newest call's time in
   * their moving average, which estimates a queue's wait.
   */
  serviceTimeWeight?: number;
  /** What a refused call rejects with (the gateway's 503 "busy" with its Retry-After). */
  refusal: () => Error;
  now?: () => number;
}

interface Waiter {
  since: number;
  timer: ReturnType<typeof setTimeout>;
  admit: (release: () => void) => void;
}

export interface CallGateStats {
  inFlight: number;
  waiting: number;
  /** Calls refused since the gate was made. */
  refused: number;
}

export interface EnterOptions {
  /** The longest this call waits for a slot, if shorter than the gate's (a read's: request context). */
  maxWaitMs?: number;
}

/**
 * A concurrency limit for the calls of one client, with a short bounded queue. A refused call is
 * never sent: the caller answers "busy, try again" at once instead of holding a request into the
 * upstream timeout.
 *
 * The queue's limit is its delay, not only its length: a fast upstream drains a long queue in
 * milliseconds, a slow one a short queue in seconds, so a fixed length either refuses needlessly or
 * lets multi-second waits form. Watching how long the oldest call has waited (the idea of CoDel) sheds
 * exactly when waiting stops paying off, whatever the upstream's speed; the length cap only bounds memory.
 *
 * A call that would wait longer than it may, or past its deadline, is refused at once rather than
 * after the wait: the recent service times and the queue's length say how long the wait would be
 * (slots free up at about `concurrency` per service time). A caller waiting out a refusal it could
 * have had at once only holds its client's request, and the player, in a timeout.
 */
export class CallGate {
  private inFlight = 0;
  private refused = 0;
  /** FIFO: a Set keeps insertion order and drops a waiter that gave up in O(1). */
  private readonly waiting = new Set<Waiter>();
  private readonly now: () => number;
  /** A moving average of how long an admitted call held its slot (ms); undefined before the first. */
  private serviceMs: number | undefined;

  constructor(private readonly options: CallGateOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Waits for a slot, until `deadline` (ms since the epoch) at the latest. Resolves with the function
   * that gives the slot back (call it once the call has ended); rejects with the refusal.
   */
  enter(deadline: number, options: EnterOptions = {}): Promise<() => void> {
    if (this.inFlight < this.options.concurrency && this.waiting.size === 0) {
      this.inFlight++;
      return Promise.resolve(this.releaser());
    }
    const now = this.now();
    const left = deadline - now;
    const wait = Math.min(this.options.maxWaitMs, options.maxWaitMs ?? Infinity, left);
    if (this.waiting.size >= this.options.queue || this.standing(now) || wait <= 0) return this.refuse();
    if (this.serviceMs !== undefined) {
      // Its turn would come after it gave up, or it would be answered after its deadline.
      const expectedWait = ((this.waiting.size + 1) * this.serviceMs) / this.options.concurrency;
      if (expectedWait > wait || expectedWait + this.serviceMs > left) return this.refuse();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        since: now,
        admit: resolve,
        timer: setTimeout(() => {
          this.waiting.delete(waiter);
          reject(this.refusal());
        }, wait),
      };
      this.waiting.add(waiter);
    });
  }

  /** What the gate holds now, and how many calls it refused (logs, tests). */
  stats(): CallGateStats {
    return { inFlight: this.inFlight, waiting: this.waiting.size, refused: this.refused };
  }

  /** The recent service time (ms) the gate estimates waits from; undefined before any call ended. */
  recentServiceMs(): number | undefined {
    return this.serviceMs;
  }

  /** The oldest waiter has waited half the longest wait: the queue is not draining. */
  private standing(now: number): boolean {
    const oldest = this.waiting.values().next().value;
    return oldest !== undefined && now - oldest.since >= this.options.maxWaitMs / 2;
  }

  /** The gate's refusal, counted: also for a call the client does not send for want of time. */
  refusal(): Error {
    this.refused++;
    return this.options.refusal();
  }

  private refuse(): Promise<never> {
    return Promise.reject(this.refusal());
  }

  private releaser(): () => void {
    let released = false;
    const admittedAt = this.now();
    return () => {
      if (released) return;
      released = true;
      this.observe(this.now() - admittedAt);
      this.inFlight--;
      this.admitNext();
    };
  }

  /** A failed call counts too: a call that ran into its deadline is the slowness a queue waits on. */
  private observe(ms: number): void {
    const weight = this.options.serviceTimeWeight ?? 0.2;
    this.serviceMs = this.serviceMs === undefined ? ms : this.serviceMs + weight * (ms - this.serviceMs);
  }

  private admitNext(): void {
    for (const waiter of this.waiting) {
      if (this.inFlight >= this.options.concurrency) return;
      this.waiting.delete(waiter);
      clearTimeout(waiter.timer);
      this.inFlight++;
      waiter.admit(this.releaser());
    }
  }
}
