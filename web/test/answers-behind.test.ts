import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, SHARED_ANSWER_BEHIND_HEADER, SHARED_ANSWER_MAX_STALE_MS } from '@touchline/contract';

import { call } from '@/lib/api';
import { marketKeys } from '@/lib/data/market';
import { followAnswersBehind } from '@/lib/live/answers-behind';

/** Every fetch answers the empty market, behind a change or not. */
function answerBehind(behind: '0' | '1') {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response('[]', {
          status: 200,
          headers: { 'content-type': 'application/json', [SHARED_ANSWER_BEHIND_HEADER]: behind },
        }),
      ),
    ),
  );
}

/** A cached market list, fresh until something invalidates it. */
function clientWithMarket(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(marketKeys.listing({ position: null, sort: 'price_asc', search: '' }), []);
  return queryClient;
}

const invalidated = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ queryKey: marketKeys.listings() })[0]!.state.isInvalidated;

const readMarket = () => call(api.market.listings, {});

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a shared answer behind a change', () => {
  it('is read again once the gateway has rebuilt it, and not before', async () => {
    const queryClient = clientWithMarket();
    stop = followAnswersBehind(queryClient);
    answerBehind('1');
    await readMarket();
    await vi.advanceTimersByTimeAsync(SHARED_ANSWER_MAX_STALE_MS);
    expect(invalidated(queryClient)).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(invalidated(queryClient)).toBe(true);
  });

  it('is followed once: what the read again brings behind is not followed again', async () => {
    const queryClient = clientWithMarket();
    stop = followAnswersBehind(queryClient);
    answerBehind('1');
    await readMarket();
    await vi.advanceTimersByTimeAsync(SHARED_ANSWER_MAX_STALE_MS + 250);
    expect(invalidated(queryClient)).toBe(true);
    // The read again is behind too (the market changes all the time): no third read.
    queryClient.setQueryData(marketKeys.listing({ position: null, sort: 'price_asc', search: '' }), []);
    await readMarket();
    await vi.advanceTimersByTimeAsync(2 * (SHARED_ANSWER_MAX_STALE_MS + 250));
    expect(invalidated(queryClient)).toBe(false);
    // Later, a new read behind is followed again.
    await readMarket();
    await vi.advanceTimersByTimeAsync(SHARED_ANSWER_MAX_STALE_MS + 250);
    expect(invalidated(queryClient)).toBe(true);
  });

  it('an answer not behind is not read again', async () => {
    const queryClient = clientWithMarket();
    stop = followAnswersBehind(queryClient);
    answerBehind('0');
    await readMarket();
    await vi.advanceTimersByTimeAsync(10 * SHARED_ANSWER_MAX_STALE_MS);
    expect(invalidated(queryClient)).toBe(false);
  });

  it('one that came before the app listened (the first screen, before the stream) is followed', async () => {
    const queryClient = clientWithMarket();
    answerBehind('1');
    await readMarket();
    await vi.advanceTimersByTimeAsync(1_000);
    stop = followAnswersBehind(queryClient);
    await vi.advanceTimersByTimeAsync(SHARED_ANSWER_MAX_STALE_MS + 250);
    expect(invalidated(queryClient)).toBe(true);
  });
});
