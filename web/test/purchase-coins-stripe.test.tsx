import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { coinPackages, makeIntent } from './economy-fixtures';
import { makeUser, mockFetch, renderApp, type MockResponse, type RecordedCall } from './utils';

/** Stripe.js is never loaded in tests: the pure loader and the React bindings are replaced. */
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div>Stripe payment element</div>,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));

const INTENT_ID = 'pi_live_rare_roll';

function setup(testMode: boolean | Record<string, MockResponse> = false) {
  const overrides = typeof testMode === 'object' ? testMode : {};
  testMode = testMode === true;
  return mockFetch({
    'GET /api/user': { body: makeUser({ coins: 10_000 }) },
    'GET /api/user/balance': { body: { coins: 10_000 } },
    'GET /api/coin-packages': { body: coinPackages },
    'POST /api/create-payment-intent': {
      body: makeIntent(coinPackages[1]!, {
        paymentIntentId: INTENT_ID,
        clientSecret: `${INTENT_ID}_secret_xyz`,
        testMode,
        ...(testMode ? {} : { publishableKey: 'pk_test_touchline' }),
      }),
    },
    'POST /api/payment/success': { body: { added: 50_000, coins: 60_000, alreadyCredited: false } },
    ...overrides,
  });
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('/purchase-coins with Stripe', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset();
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmPayment.mockReset();
  });

  it('confirms with Stripe Elements, redirecting only if required, then credits the coins', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: INTENT_ID, status: 'succeeded' } });
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');

    expect(await screen.findByText('Stripe payment element')).toBeInTheDocument();
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute(
      'data-client-secret',
      `${INTENT_ID}_secret_xyz`,
    );
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_touchline');
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Coins Added!')).toBeInTheDocument();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/purchase-coins/success` },
      redirect: 'if_required',
    });
    expect(callsTo(calls, 'POST', '/api/payment/success')[0]!.body).toEqual({ paymentIntentId: INTENT_ID });
  });

  it('asks the server to charge an authorized card; a charge past the spending limit shows why and starts over', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: INTENT_ID, status: 'requires_capture' } });
    const limit =
      'This purchase would exceed your monthly spending limit of $20.00 ($11.00 spent this month, $9.00 left). You can change the limit in Settings.';
    const { calls } = setup({
      'POST /api/payment/success': { status: 422, body: { message: limit, cancelled: true } },
    });
    const { user } = renderApp('/purchase-coins');

    await user.click(await screen.findByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Payment refused')).toBeInTheDocument();
    expect(screen.getByText(limit)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/payment/success')[0]!.body).toEqual({ paymentIntentId: INTENT_ID });
    // Nothing was charged: no "went through" retry, and a fresh intent for the next attempt.
    expect(screen.queryByText('Retry adding coins')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/create-payment-intent')).toHaveLength(2));
  });

  it("shows Stripe's card error inline with 'Payment failed'", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');

    await user.click(await screen.findByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(0);
  });

  it("toasts 'Payment processing error' for other Stripe errors", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'api_connection_error', message: 'Network error.' },
    });
    setup();
    const { user } = renderApp('/purchase-coins');

    await user.click(await screen.findByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Payment processing error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Network error.');
  });

  it('never loads Stripe in test mode', async () => {
    setup(true);
    renderApp('/purchase-coins');

    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $20.00' })).toBeInTheDocument());
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByText('Stripe payment element')).not.toBeInTheDocument();
  });
});
