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

  // Only what it needs, not the use cases' deps: those hold the publisher, and a type of its own
  // keeps the live/ and use-cases/ folders from importing each other.
  constructor(private readonly deps: { channel: LiveChannel; logger: Logger }) {}

  /** `build` runs after the commit (it may read what the transaction wrote); nothing if it rolled back. */
  afterCommit(trx: Tx, build: () => Change[] | Promise<Change[]>): void {
    const committed = trx.executionPromise.then(
      () => true,
      () => false,
    );
    this.enqueue(async () => ((await committed) ? build() : []));
  }

  /** Changes of a write that has already committed (a read marked elsewhere). */
  now(build: () => Change[] | Promise<Change[]>): void {
    this.enqueue(build);
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
