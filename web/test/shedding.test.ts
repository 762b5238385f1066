import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api } from '@touchline/contract';

import { type ApiError, call } from '@/lib/api';
import { BUSY_MESSAGE } from '@/lib/shedding';
import { toast } from '@/lib/toast';

const shed = (status: 503 | 429, retryAfter?: string) =>
  new Response(
    JSON.stringify({ message: 'Touchline is very busy right now. Please try again in a moment.' }),
    {
      status,
      headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
    },
  );
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** fetch answering each call with the next of `answers` (made fresh: a Response is read once). */
function answers(...list: (() => Response)[]) {
  const fetchMock = vi.fn(() => Promise.resolve(list.shift()!()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The outcome of a promise, without an unhandled rejection while the clock is advanced. */
function settle<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

let loading: ReturnType<typeof vi.spyOn>;
let dismiss: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  loading = vi.spyOn(toast, 'loading').mockImplementation(() => 'busy');
  dismiss = vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('retrying a shed answer', () => {
  it('sends a read again after its Retry-After, showing "busy, retrying" meanwhile, then closes it', async () => {
    const fetchMock = answers(
      () => shed(503, '2'),
      () => ok([1]),
    );
    const result = settle(call(api.market.listings));

    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loading).toHaveBeenCalledWith(BUSY_MESSAGE, expect.anything());
    expect(dismiss).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result).toMatchObject({ done: true, value: [1] });
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('retries a change only with its Idempotency-Key, sending the same key again', async () => {
    const fetchMock = answers(
      () => shed(429, '1'),
      () => ok({ ok: true }),
    );
    const buy = settle(
      call(api.market.buy, { params: { id: 4 }, body: { expectedPrice: 10 }, idempotencyKey: 'k-7' }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(buy).toMatchObject({ done: true, value: { ok: true } });
    const keys = fetchMock.mock.calls.map(
      (c) =>
        ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toEqual(['k-7', 'k-7']);

    // Without a key (sign-in) the refusal is the answer.
    answers(() => shed(503, '1'));
    const login = settle(call(api.auth.login, { body: { email: 'a@b.co', password: 'pw' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect((login.error as ApiError).status).toBe(503);
  });

  it('gives up after the third try with the error, waiting no longer than the cap', async () => {
    const fetchMock = answers(
      () => shed(503, '120'),
      () => shed(503, '120'),
      () => shed(503, '120'),
    );
    const result = settle(call(api.market.listings));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.done).toBe(true);
    expect((result.error as ApiError).message).toBe(
      '503: Touchline is very busy right now. Please try again in a moment.',
    );
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('retries the refusal of a read whose upstream ran out of time (503 now, never 504), with its query', async () => {
    const fetchMock = answers(
      () => shed(503, '2'),
      () => ok({ items: [], nextCursor: null }),
    );
    const result = settle(call(api.cards.catalog, { query: { limit: 50 } }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(result).toMatchObject({ done: true, value: { items: [], nextCursor: null } });
    const paths = fetchMock.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(paths).toEqual(['/api/player-catalog?limit=50', '/api/player-catalog?limit=50']);
    expect(loading).toHaveBeenCalledWith(BUSY_MESSAGE, expect.anything());
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('does not send a 504 again on its own: no refusal, the change may have been made', async () => {
    const fetchMock = answers(
      () =>
        new Response(JSON.stringify({ message: 'A service took too long to answer.' }), {
          status: 504,
          headers: { 'Retry-After': '2' },
        }),
    );
    const result = settle(
      call(api.market.sell, { params: { id: 4 }, body: { price: 10 }, idempotencyKey: 'k' }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect((result.error as ApiError).status).toBe(504);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loading).not.toHaveBeenCalled();
  });

  it('does not retry a 503 without Retry-After', async () => {
    const fetchMock = answers(() => shed(503));
    const result = settle(call(api.market.listings));
    await vi.advanceTimersByTimeAsync(0);
    expect((result.error as ApiError).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loading).not.toHaveBeenCalled();
  });

  it('shows one notice for requests retrying at once, closed when the last one is done', async () => {
    answers(
      () => shed(503, '1'),
      () => shed(503, '3'),
      () => ok('a'),
      () => ok('b'),
    );
    const first = settle(call(api.market.listings));
    const second = settle(call(api.market.trending));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.done).toBe(true);
    expect(dismiss).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(second.done).toBe(true);
    expect(loading).toHaveBeenCalledTimes(1);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the request is aborted', async () => {
    const fetchMock = answers(() => shed(503, '5'));
    const controller = new AbortController();
    const result = settle(call(api.market.listings, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.done).toBe(true);
    expect(result.error).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });
});
