import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makeUser, mockFetch, renderApp, type MockResponse, type RecordedCall } from './utils';

function setup(success: MockResponse = { body: { added: 50_000, coins: 60_000, alreadyCredited: false } }) {
  let coins = 10_000;
  return mockFetch({
    'GET /api/user': () => ({ body: makeUser({ coins }) }),
    'POST /api/payment/success': () => {
      const credited = (success.body as { coins?: number } | undefined)?.coins;
      if (typeof credited === 'number') coins = credited;
      return success;
    },
  });
}

const successCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/payment/success');

describe('/purchase-coins/success', () => {
  it("confirms the payment once and shows 'Payment Successful' with the coins added", async () => {
    const { calls } = setup();
    const { user, router } = renderApp(
      '/purchase-coins/success?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret&redirect_status=succeeded',
    );

    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('50,000')).toBeInTheDocument();
    expect(screen.getByText('Balance: 60,000')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/user')).toHaveLength(2));
    expect(successCalls(calls)).toHaveLength(1);
    expect(successCalls(calls)[0]!.body).toEqual({ paymentIntentId: 'pi_123' });

    expect(screen.getByRole('link', { name: 'Go to Marketplace' })).toHaveAttribute('href', '/market');
    await user.click(screen.getByRole('link', { name: 'Back to Shop' }));
    expect(router.state.location.pathname).toBe('/purchase-coins');
  });

  it('shows the error when the server says the payment has not succeeded', async () => {
    const { calls } = setup({ status: 422, body: { message: 'Payment has not succeeded' } });
    renderApp('/purchase-coins/success?payment_intent=pi_9&redirect_status=succeeded');

    expect(await screen.findByText('Payment Not Confirmed')).toBeInTheDocument();
    expect(screen.getByText('Payment has not succeeded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/purchase-coins');
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    expect(successCalls(calls)).toHaveLength(1);
  });

  it('shows a spinner while confirming', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
    });
    const pending = new Promise<Response>(() => {});
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/payment/success') ? pending : answer(input, init),
    );
    renderApp('/purchase-coins/success?payment_intent=pi_1&redirect_status=succeeded');

    expect(await screen.findByRole('status', { name: 'Confirming payment' })).toBeInTheDocument();
  });

  it.each([
    ['/purchase-coins/success?payment_intent=pi_2&redirect_status=failed', 'Payment Not Completed'],
    ['/purchase-coins/success', 'No Payment Found'],
  ])('does not confirm %s', async (path, title) => {
    const { calls } = setup();
    renderApp(path);

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toBeInTheDocument();
    expect(successCalls(calls)).toHaveLength(0);
  });
});
