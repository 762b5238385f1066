import type { Logger, Tx } from '@touchline/kit';
import type { LiveChannel } from '../channel';
import type { Change } from '../domain/changes';

/**
 * Publishes changes once the transaction that consumed their events has committed, one batch after
 * another in the order they were handed over: one user's changes leave this replica in the order
 * their events were handled (per producer key, the order they committed).
 */
export class LivePublisher {
  private queue: Promise<void> = Promise.resolve();
  /** The builds handed over by a transaction that has not ended yet. */
  private readonly pendingByTransaction = new WeakMap<Tx, (() => Change[] | Promise<Change[]>)[]>();
  /** The builds of now() queued last and not published yet: a later now() joins them. */
  private openNow: (() => Change[] | Promise<Change[]>)[] | undefined;

  // Only what it needs, not the use cases' deps: those hold the publisher, and a type of its own
  // keeps the live/ and use-cases/ folders from importing each other.
  constructor(private readonly deps: { channel: LiveChannel; logger: Logger }) {}

  /**
   * `build` runs after the commit (it may read what the transaction wrote); nothing if it rolled back.
   * The builds of one transaction (the events of one consumed batch) go out as one message, in the
   * order they were handed over: one channel publish per batch, not per event.
   */
  afterCommit(trx: Tx, build: () => Change[] | Promise<Change[]>): void {
    const pending = this.pendingByTransaction.get(trx);
    if (pending) {
      pending.push(build);
      return;
    }
    const builds = [build];
    this.pendingByTransaction.set(trx, builds);
    // What now() hands over after this leaves after this transaction's changes.
    this.openNow = undefined;
    const committed = trx.executionPromise.then(
      () => true,
      () => false,
    );
    this.enqueue(async () => {
      const ok = await committed;
      this.pendingByTransaction.delete(trx);
      if (!ok) return [];
      const changes: Change[] = [];
      for (const next of builds) changes.push(...(await next()));
      return changes;
    });
  }

  /**
   * Changes of a write that has already committed (a read marked elsewhere) or of an event that
   * stores nothing: the builds handed over one after another, with nothing else between them, go
   * out as one message (the events of one consumed batch: one publish, not one each).
   */
  now(build: () => Change[] | Promise<Change[]>): void {
    if (this.openNow) {
      this.openNow.push(build);
      return;
    }
    const builds = [build];
    this.openNow = builds;
    this.enqueue(async () => {
      // The rest of the batch's events are handed over on the microtasks before this turn ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.openNow === builds) this.openNow = undefined;
      const changes: Change[] = [];
      for (const next of builds) changes.push(...(await next()));
      return changes;
    });
  }

  /** Resolves when everything handed over so far has been published (tests, shutdown). */
  flushed(): Promise<void> {
    return this.queue;
  }

  private enqueue(build: () => Change[] | Promise<Change[]>): void {
    this.queue = this.queue.then(async () => {
      try {
        const changes = await build();
        if (changes.length > 0) await this.deps.channel.publish(changes);
      } catch (error) {
        // Lost to the live streams only: the rows are stored, and a page reads them when it loads.
        this.deps.logger.warn({ err: error }, 'live changes lost');
      }
    });
  }
}
