import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api';
import { StillPendingError, untilSettled } from '@/lib/pending';

const pendingAnswer = { status: 'pending' as const, message: 'Being confirmed' };
const noWait = () => Promise.resolve();

describe('untilSettled', () => {
  it('returns a final answer at once, without telling pending', async () => {
    const onPending = vi.fn();
    expect(await untilSettled(() => Promise.resolve({ ok: 1 }), { onPending, sleep: noWait })).toEqual({
      ok: 1,
    });
    expect(onPending).not.toHaveBeenCalled();
  });

  it('asks again while pending or 503, tells pending once, and returns the final answer', async () => {
    const answers: (() => Promise<unknown>)[] = [
      () => Promise.resolve(pendingAnswer),
      () => Promise.reject(new ApiError(503, 'A service is temporarily unavailable. Please try again.')),
      () => Promise.resolve(pendingAnswer),
      () => Promise.resolve({ bought: true }),
    ];
    const request = vi.fn(() => answers.shift()!());
    const onPending = vi.fn();
    expect(await untilSettled(request, { onPending, sleep: noWait })).toEqual({ bought: true });
    expect(request).toHaveBeenCalledTimes(4);
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(onPending).toHaveBeenCalledWith('Being confirmed');
  });

  it('passes a refusal through as it is', async () => {
    const refusal = new ApiError(422, 'Not enough coins or card unavailable');
    const request = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce(pendingAnswer)
      .mockRejectedValueOnce(refusal);
    await expect(untilSettled(request, { sleep: noWait })).rejects.toBe(refusal);
  });

  it('gives up with StillPendingError after the last ask', async () => {
    const request = vi.fn(() => Promise.resolve(pendingAnswer));
    await expect(untilSettled(request, { sleep: noWait, maxAttempts: 3 })).rejects.toBeInstanceOf(
      StillPendingError,
    );
    expect(request).toHaveBeenCalledTimes(3);
  });
});
