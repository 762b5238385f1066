/**
 * The kit's side of shedding: when a client refuses to send a call, and what the refusal is. The
 * table of every refusal, the gateway's and the web's included, is in docs/architecture.md
 * ("Shedding: who refuses what"). A refused call was never sent, so nothing happened upstream and
 * "try again" is always safe; that is why a refusal is 'unavailable' (503 with Retry-After at the
 * gateway, errors.ts) and never 'timed_out' (504, outcome unknown).
 */

import { DomainError, unavailable } from '../errors';
import type { CallGate, EnterOptions } from './call-gate';

export * from './call-gate';

/** Refused before anything was sent, to shed load: 503 with this Retry-After. */
export function busy(message: string, retryAfterSeconds: number): DomainError {
  // A refusal is an answer, not a fault: its stack says nothing, and capturing one cost the gateway
  // 1% of its CPU at 1,000 players (a profile: 262 ms in the refusals' constructor), more work
  // exactly when the process is shedding load.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new DomainError('unavailable', message, undefined, retryAfterSeconds);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * Sends a call only when it can still be answered in time and its gate (if any) admits it. A call
 * whose deadline has already passed (its request spent the budget: grpc/deadline.ts) would only
 * load the upstream with work nobody waits for; it is refused as the gate refuses (counted there),
 * or as a plain 'unavailable' without a gate. `options.maxWaitMs` shortens its wait for a slot (a
 * read's, from its request: context.ts).
 */
export function sendOrRefuse<T>(
  send: () => Promise<T>,
  deadline: number,
  now: number,
  gate: CallGate | undefined,
  options: EnterOptions = {},
): Promise<T> {
  if (deadline <= now) return Promise.reject(gate ? gate.refusal() : unavailable());
  if (!gate) return send();
  return gate.enter(deadline, options).then((release) => {
    const call = send();
    call.then(release, release);
    return call;
  });
}
