import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCurrentUser } from '@/lib/data/auth';
import { api } from '@touchline/contract';

import { ApiError, apiRequest, call, errorMessage } from '@/lib/api';

function respondWith(body: string | null, init: ResponseInit) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies and JSON, and returns the parsed body', async () => {
    const fetchMock = respondWith(JSON.stringify({ id: 1 }), { status: 200 });

    await expect(call(api.auth.login, { body: { email: 'a@b.co', password: 'pw' } })).resolves.toEqual({
      id: 1,
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'pw' }));
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it("fills in a route's path parameters, its non-blank query values and the Idempotency-Key", async () => {
    const fetchMock = respondWith(JSON.stringify({}), { status: 200 });

    await call(api.market.buy, { params: { id: 42 }, body: { expectedPrice: 900 }, idempotencyKey: 'k-1' });
    await call(api.market.listings, { query: { position: 'Forward', search: '  ', sort: null } });

    const [buyPath, buy] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([buyPath, buy.method, buy.body]).toEqual(['/api/market/buy/42', 'POST', '{"expectedPrice":900}']);
    expect(buy.headers).toMatchObject({ 'Idempotency-Key': 'k-1' });
    expect((fetchMock.mock.calls[1] as unknown as [string])[0]).toBe('/api/market?position=Forward');
  });

  it('sends GET requests with cookies and no body', async () => {
    const fetchMock = respondWith(JSON.stringify([1, 2]), { status: 200 });

    await expect(call(api.market.listings)).resolves.toEqual([1, 2]);

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('returns undefined for an empty successful body', async () => {
    respondWith(null, { status: 204 });
    await expect(apiRequest('/api/trades/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("uses the JSON body's message field", async () => {
    respondWith(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 });
    const error = await rejection(call(api.auth.login, { body: { email: '', password: '' } }));
    expect(error.message).toBe('401: Invalid email or password');
    expect(error.status).toBe(401);
  });

  it("falls back to the JSON body's error field", async () => {
    respondWith(JSON.stringify({ error: 'Not enough coins' }), { status: 422 });
    const error = await rejection(call(api.market.buy, { params: { id: 1 } }));
    expect(error.message).toBe('422: Not enough coins');
  });

  it('prefers message over error when both are present', async () => {
    respondWith(JSON.stringify({ message: 'Email already registered', error: 'Conflict' }), { status: 409 });
    const error = await rejection(call(api.auth.register, { body: { email: '', password: '' } }));
    expect(error.message).toBe('409: Email already registered');
  });

  it("says 'Unknown error' when the JSON body has neither field", async () => {
    respondWith(JSON.stringify({ detail: 'nope' }), { status: 500, statusText: 'Internal Server Error' });
    const error = await rejection(call(api.user.get));
    expect(error.message).toBe('500: Unknown error');
  });

  it('uses the raw text when the body is not JSON', async () => {
    respondWith('Upstream unavailable', { status: 502, statusText: 'Bad Gateway' });
    const error = await rejection(call(api.market.listings));
    expect(error.message).toBe('502: Upstream unavailable');
  });

  it('uses the status text when the body is empty', async () => {
    respondWith(null, { status: 503, statusText: 'Service Unavailable' });
    const error = await rejection(call(api.market.listings));
    expect(error.message).toBe('503: Service Unavailable');
  });

  it("says 'Unknown error' when the body and the status text are both empty", async () => {
    respondWith('', { status: 500, statusText: '' });
    const error = await rejection(call(api.market.listings));
    expect(error.message).toBe('500: Unknown error');
  });

  it('carries the parsed JSON body of the error as data', async () => {
    const body = { success: false, message: 'Minting failed', remainingCoins: 900, refunded: true };
    respondWith(JSON.stringify(body), { status: 422 });
    const error = await rejection(call(api.packs.purchase, { body: { packId: 1 } }));
    expect(error.message).toBe('422: Minting failed');
    expect(error.data).toEqual(body);
  });

  it('has no data when the error body is not a JSON object', async () => {
    respondWith('Upstream unavailable', { status: 502 });
    expect((await rejection(call(api.market.listings))).data).toBeUndefined();
    respondWith(null, { status: 503, statusText: 'Service Unavailable' });
    expect((await rejection(call(api.market.listings))).data).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('returns the message of an error, or a fallback', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(undefined)).toBe('An error occurred');
    expect(errorMessage(null, 'Please try again later.')).toBe('Please try again later.');
  });

  it("keeps the spec's '{status}: {text}' inside the client and gives a person the text alone", async () => {
    respondWith(JSON.stringify({ message: 'Current password is incorrect' }), { status: 401 });
    const error = await rejection(call(api.market.listings));
    expect(error.message).toBe('401: Current password is incorrect');
    expect(error.text).toBe('Current password is incorrect');
    expect(errorMessage(error)).toBe('Current password is incorrect');
  });

  it('gives the status text alone, or the fallback, when the body says nothing', async () => {
    respondWith(null, { status: 503, statusText: 'Service Unavailable' });
    expect(errorMessage(await rejection(call(api.market.listings)))).toBe('Service Unavailable');
    expect(errorMessage(new ApiError(500, ''), 'Please try again later.')).toBe('Please try again later.');
  });
});

describe('getCurrentUser', () => {
  it('returns null when the session is missing (401)', async () => {
    respondWith(JSON.stringify({ message: 'Not signed in' }), { status: 401 });
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('returns the user when signed in', async () => {
    respondWith(JSON.stringify({ id: 3, email: 'a@b.co' }), { status: 200 });
    await expect(getCurrentUser()).resolves.toEqual({ id: 3, email: 'a@b.co' });
  });

  it('rethrows other failures', async () => {
    respondWith(JSON.stringify({ message: 'Gateway timeout' }), { status: 504 });
    await expect(getCurrentUser()).rejects.toThrow('504: Gateway timeout');
  });
});
