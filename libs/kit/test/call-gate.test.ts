import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallGate, type CallGateOptions } from '../src/shedding/call-gate';
import { DomainError } from '../src/errors';
import { busy } from '../src/shedding';

class Refused extends Error {}

// Fake timers: the queue's waits are driven by advancing the clock, never by waiting.
beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

function gate(options: Partial<CallGateOptions> = {}): CallGate {
  return new CallGate({
    concurrency: 2,
    queue: 10,
    maxWaitMs: 1_000,
    refusal: () => new Refused(),
    ...options,
  });
}

/** Whether the promise has settled, and how, after the microtasks that are due have run. */
async function state(promise: Promise<unknown>): Promise<'pending' | 'admitted' | 'refused'> {
  let outcome: 'pending' | 'admitted' | 'refused' = 'pending';
  promise.then(
    () => (outcome = 'admitted'),
    (error: unknown) => (outcome = error instanceof Refused ? 'refused' : 'pending'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return outcome;
}

const far = () => Date.now() + 60_000;

describe('CallGate', () => {
  it('admits up to its concurrency, queues the next and admits it when a slot frees, in order', async () => {
    const g = gate();
    const first = await g.enter(far());
    await g.enter(far());
    const third = g.enter(far());
    const fourth = g.enter(far());
    expect(await state(third)).toBe('pending');
    expect(g.stats()).toEqual({ inFlight: 2, waiting: 2, refused: 0 });

    first();
    first(); // a second release of the same slot frees nothing more
    expect(await state(third)).toBe('admitted');
    expect(await state(fourth)).toBe('pending');
    expect(g.stats()).toEqual({ inFlight: 2, waiting: 1, refused: 0 });
  });

  it('refuses at once when the queue is full (no queue: when every slot is taken)', async () => {
    const g = gate({ concurrency: 1, queue: 0 });
    await g.enter(far());
    expect(await state(g.enter(far()))).toBe('refused');
    expect(g.stats()).toEqual({ inFlight: 1, waiting: 0, refused: 1 });
  });

  it('gives up on a waiting call after the longest wait, or at its deadline when that comes first', async () => {
    const g = gate({ concurrency: 1 });
    await g.enter(far());
    const patient = g.enter(far());
    const hurried = g.enter(Date.now() + 300);
    await vi.advanceTimersByTimeAsync(299);
    expect(await state(hurried)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(hurried)).toBe('refused');
    expect(await state(patient)).toBe('pending');
    await vi.advanceTimersByTimeAsync(700);
    expect(await state(patient)).toBe('refused');
    expect(g.stats()).toEqual({ inFlight: 1, waiting: 0, refused: 2 });
  });

  it('refuses a new call at once while the oldest waiting call has waited half the longest wait', async () => {
    const g = gate({ concurrency: 1 });
    const release = await g.enter(far());
    const oldest = g.enter(far());
    await vi.advanceTimersByTimeAsync(499);
    const young = g.enter(far());
    expect(await state(young)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    // The queue has not moved for 500 ms: a newcomer would only wait into the timeout.
    expect(await state(g.enter(far()))).toBe('refused');
    // Once it drains, calls queue again.
    release();
    expect(await state(oldest)).toBe('admitted');
    const next = g.enter(far());
    expect(await state(next)).toBe('pending');
    expect(g.stats().waiting).toBe(2);
  });

  it("gives up on a call after its own shorter wait (a read's), the others waiting on", async () => {
    const g = gate({ concurrency: 1 });
    await g.enter(far());
    const patient = g.enter(far());
    const read = g.enter(far(), { maxWaitMs: 100 });
    await vi.advanceTimersByTimeAsync(99);
    expect(await state(read)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(read)).toBe('refused');
    expect(await state(patient)).toBe('pending');
  });

  it('refuses at once a call whose expected wait (recent service times × queue) is longer than it may wait', async () => {
    const g = gate({ concurrency: 2 });
    // Calls have been holding their slot 300 ms each.
    const slots = [await g.enter(far()), await g.enter(far())];
    await vi.advanceTimersByTimeAsync(300);
    for (const release of slots) release();
    expect(g.recentServiceMs()).toBe(300);
    await g.enter(far());
    await g.enter(far());

    // Next in line: a slot is expected in 300 × 1/2 = 150 ms, more than a read's 100.
    expect(await state(g.enter(far(), { maxWaitMs: 100 }))).toBe('refused');
    // A call that may wait 1 s queues; behind it, the expected wait is 300 ms.
    const queued = g.enter(far());
    expect(await state(queued)).toBe('pending');
    expect(await state(g.enter(far(), { maxWaitMs: 200 }))).toBe('refused');
    // And one that could wait, but would be answered after its deadline (wait 300 + service 300).
    expect(await state(g.enter(Date.now() + 500))).toBe('refused');
    expect(await state(g.enter(Date.now() + 700))).toBe('pending');
    expect(g.stats()).toMatchObject({ waiting: 2, refused: 3 });
  });

  it('does not queue a call whose deadline has already passed', async () => {
    const g = gate({ concurrency: 1 });
    await g.enter(far());
    expect(await state(g.enter(Date.now()))).toBe('refused');
  });
});

describe('a refusal', () => {
  it('is an unavailable DomainError with its Retry-After and no stack trace to capture', () => {
    const refusal = busy('Touchline is very busy right now.', 2);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'unavailable', retryAfterSeconds: 2 });
    expect(refusal.stack).not.toContain('\n    at ');
    // Other errors keep theirs.
    expect(new Error('fault').stack).toContain('\n    at ');
  });
});
