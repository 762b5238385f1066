import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { runWithContext, type RequestBudget } from '../src/context';
import { DomainError } from '../src/errors';
import { CallGate } from '../src/shedding/call-gate';
import { createPromiseClient, type PromiseClient } from '../src/grpc/client';
import { callDeadline } from '../src/grpc/deadline';
import { startHeldUpstream, type HeldUpstream } from '../src/testing/held-upstream';

describe('callDeadline', () => {
  const budget = (startedAt: number, open = true): RequestBudget => ({ startedAt, ms: 5_000, open });

  it('gives a call its own timeout outside a request, or once the request has answered', () => {
    expect(callDeadline(10_000, undefined, 5_000, undefined)).toBe(15_000);
    expect(callDeadline(10_000, 2_000, 5_000, undefined)).toBe(12_000);
    expect(callDeadline(10_000, undefined, 5_000, budget(2_000, false))).toBe(15_000);
  });

  it('ends a call where its request budget ends: what is left of it, counted from the start', () => {
    expect(callDeadline(10_000, undefined, 5_000, budget(7_000))).toBe(12_000);
    // The budget, not the client's default, bounds the request (a client default of 10 s).
    expect(callDeadline(10_000, undefined, 10_000, budget(9_000))).toBe(14_000);
    // A shorter timeout of its own still applies (a part of a composed answer).
    expect(callDeadline(10_000, 1_500, 5_000, budget(9_000))).toBe(11_500);
    // A longer one (a buy's 15 s) stretches the budget, still from the request's start.
    expect(callDeadline(10_000, 15_000, 5_000, budget(7_000))).toBe(22_000);
    // Spent: the deadline is already past.
    expect(callDeadline(10_000, undefined, 5_000, budget(4_000))).toBe(9_000);
  });
});

describe('a client call within a request budget', () => {
  const TOP = { entries: [], asOf: '' };
  let upstream: HeldUpstream;
  let client: PromiseClient<LeaderboardDefinition>;
  let gated: PromiseClient<LeaderboardDefinition>;

  beforeAll(async () => {
    upstream = await startHeldUpstream(SERVICES.leaderboard.definition(), ['GetTop']);
    client = createPromiseClient<LeaderboardDefinition>(SERVICES.leaderboard.definition(), upstream.address);
    const gate = new CallGate({
      concurrency: 1,
      queue: 0,
      maxWaitMs: 1_000,
      refusal: () => new DomainError('unavailable', 'busy', undefined, 7),
    });
    gated = createPromiseClient<LeaderboardDefinition>(SERVICES.leaderboard.definition(), upstream.address, {
      gate,
    });
  });
  afterAll(async () => {
    client?.close();
    gated?.close();
    await upstream?.close();
  });

  async function received(count: number) {
    while (upstream.calls.length < count) await new Promise((resolve) => setImmediate(resolve));
    return upstream.calls[count - 1]!;
  }

  it('sends what is left of the budget as the deadline, not a fresh default', async () => {
    const budget: RequestBudget = { startedAt: Date.now() - 3_000, ms: 5_000, open: true };
    const answered = runWithContext({ requestId: 'r-1', budget }, () => client.GetTop({ limit: 1 }));
    const call = await received(upstream.calls.length + 1);
    upstream.releaseAll(TOP);
    await answered;
    // About 2 s were left; the default would have been 5 s.
    expect(call.deadline).toBeLessThanOrEqual(budget.startedAt + 5_000 + 50);
    expect(call.deadline - call.receivedAt).toBeLessThan(2_500);
    expect(call.deadline - call.receivedAt).toBeGreaterThan(1_000);
  });

  it('does not send a call whose request has no budget left', async () => {
    const before = upstream.calls.length;
    const budget: RequestBudget = { startedAt: Date.now() - 6_000, ms: 5_000, open: true };
    await expect(
      runWithContext({ requestId: 'r-2', budget }, () => client.GetTop({ limit: 1 })),
    ).rejects.toMatchObject({ code: 'unavailable' });
    await expect(
      runWithContext({ requestId: 'r-3', budget }, () => gated.GetTop({ limit: 1 })),
    ).rejects.toMatchObject({ code: 'unavailable', retryAfterSeconds: 7 });
    // Nothing more reached the upstream (a later call would show up behind them).
    const later = client.GetTop({ limit: 2 });
    const next = await received(before + 1);
    expect(next.request).toMatchObject({ limit: 2 });
    upstream.releaseAll(TOP);
    await later;
  });

  it("waits for a slot no longer than its request's queueWaitMs, while the request is open", async () => {
    const queueing = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      upstream.address,
      {
        gate: new CallGate({
          concurrency: 1,
          queue: 4,
          maxWaitMs: 2_000,
          refusal: () => new DomainError('unavailable', 'busy', undefined, 7),
        }),
      },
    );
    try {
      const before = upstream.calls.length;
      const holding = queueing.GetTop({ limit: 6 });
      await received(before + 1);
      const read: RequestBudget = { startedAt: Date.now(), ms: 5_000, open: true, queueWaitMs: 100 };
      const started = performance.now();
      await expect(
        runWithContext({ requestId: 'r-4', budget: read }, () => queueing.GetTop({ limit: 7 })),
      ).rejects.toMatchObject({ code: 'unavailable', retryAfterSeconds: 7 });
      expect(performance.now() - started).toBeLessThan(1_000);

      // Work that outlives its request (a shared refresh) waits the gate's own time.
      const closed: RequestBudget = { ...read, startedAt: Date.now(), open: false };
      const outlived = runWithContext({ requestId: 'r-5', budget: closed }, () =>
        queueing.GetTop({ limit: 8 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(upstream.calls.length).toBe(before + 1);
      upstream.releaseAll(TOP);
      await holding;
      expect((await received(before + 2)).request).toMatchObject({ limit: 8 });
      upstream.releaseAll(TOP);
      await outlived;
    } finally {
      queueing.close();
    }
  });

  it('refuses a call its gate has no slot for without sending it, and frees the slot after an answer', async () => {
    const before = upstream.calls.length;
    const first = gated.GetTop({ limit: 3 });
    await received(before + 1);
    await expect(gated.GetTop({ limit: 4 })).rejects.toMatchObject({ code: 'unavailable', message: 'busy' });
    expect(upstream.calls.length).toBe(before + 1);
    upstream.releaseAll(TOP);
    await first;
    const again = gated.GetTop({ limit: 5 });
    expect((await received(before + 2)).request).toMatchObject({ limit: 5 });
    upstream.releaseAll(TOP);
    await again;
  });
});
