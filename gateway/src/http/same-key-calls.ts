import type { IdempotencyScope } from '@touchline/kit';

/**
 * Copies of one operation in flight on this process: a double click sends the same request twice
 * with one Idempotency-Key, and each copy ran the handler on its own. The services make the
 * operation happen once, but a refusal is not remembered per key, so two copies racing a change
 * (a counter-offer against the sender's cancel) could be refused for two different reasons: one key,
 * two answers. A copy that arrives while the first is in flight now waits for the first one's answer
 * and gives the same one. A copy with another fingerprint runs on its own, and its service refuses it.
 */
export class SameKeyCalls<T> {
  private readonly inFlight = new Map<string, { fingerprint: string; answer: Promise<T> }>();

  /** `run`'s answer, or the answer of the copy of this operation already running here. */
  join(scope: IdempotencyScope, key: string, run: () => Promise<T>): Promise<T> {
    const id = `${scope.scope}\n${key}`;
    const running = this.inFlight.get(id);
    if (running?.fingerprint === scope.fingerprint) return running.answer;
    if (running) return run();
    const answer = run().finally(() => {
      if (this.inFlight.get(id)?.answer === answer) this.inFlight.delete(id);
    });
    this.inFlight.set(id, { fingerprint: scope.fingerprint, answer });
    return answer;
  }
}
