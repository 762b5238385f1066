import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dueJob } from '../src/jobs';
import { silentLogger } from '../src/testing';

describe('dueJob', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-30T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sleeps until the next work falls due, never longer than its safety net, and wakes on demand', async () => {
    const runs: string[] = [];
    const due = [new Date('2026-11-30T10:00:05.000Z'), undefined, new Date('2026-11-30T12:00:00.000Z')];
    let failOnce = false;
    const job = dueJob(
      'test-due',
      async () => {
        runs.push(new Date().toISOString().slice(11, 19));
        if (failOnce) {
          failOnce = false;
          throw new Error('peer down');
        }
        return { nextAt: due.shift() };
      },
      silentLogger,
      { maxIntervalMs: 60_000, now: () => new Date(), runAtStart: true },
    );
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['10:00:00']);
    // Nothing between the start and the due time: no polling.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['10:00:00', '10:00:05']);
    // No due time known: the safety net.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['10:00:00', '10:00:05', '10:01:05']);
    // A due time two hours away still waits at most the safety net; a wake runs now.
    await vi.advanceTimersByTimeAsync(10_000);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['10:00:00', '10:00:05', '10:01:05', '10:01:15']);
    // A failed run tries again after the safety net.
    failOnce = true;
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.slice(4)).toEqual(['10:02:15', '10:03:15']);
    await job.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toHaveLength(6);
  });
});
