import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type {
  CreatePaymentIntentBody as CreatePaymentIntentRequest,
  TestCardBody as TestCardDetails,
} from '@touchline/contract';

import { coinPackages, makeIntent, paymentResult } from './economy-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

const RARE_ROLL_INTENT = 'pi_test_rare-roll';
const confirmPath = (id: string) => `/api/test-payments/${id}/confirm`;
const authenticatePath = (id: string) => `/api/test-payments/${id}/authenticate`;

/** The test provider's answers to Stripe's test cards. */
function cardOutcome(card: TestCardDetails) {
  switch (card.cardNumber) {
    case '4242424242424242':
      return paymentResult(RARE_ROLL_INTENT, 'succeeded');
    case '4000002500003155':
      return paymentResult(RARE_ROLL_INTENT, 'requires_action');
    default:
      return paymentResult(RARE_ROLL_INTENT, 'requires_payment_method', 'Your card was declined.');
  }
}

function setup(extra: RouteHandlers = {}) {
  let coins = 10_000;
  const mock = mockFetch({
    'GET /api/user': () => ({ body: makeUser({ coins }) }),
    'GET /api/user/balance': () => ({ body: { coins } }),
    'GET /api/coin-packages': { body: coinPackages },
    'POST /api/create-payment-intent': (body) => {
      const { packageId } = body as CreatePaymentIntentRequest;
      return { body: makeIntent(coinPackages.find((pkg) => pkg.id === packageId)!) };
    },
    [`POST ${confirmPath(RARE_ROLL_INTENT)}`]: (body) => ({ body: cardOutcome(body as TestCardDetails) }),
    [`POST ${authenticatePath(RARE_ROLL_INTENT)}`]: (body) => ({
      body: (body as { fail: boolean }).fail
        ? paymentResult(
            RARE_ROLL_INTENT,
            'requires_payment_method',
            'We are unable to authenticate your payment method.',
          )
        : paymentResult(RARE_ROLL_INTENT, 'succeeded'),
    }),
    'POST /api/payment/success': () => {
      coins += 50_000;
      return { body: { added: 50_000, coins, alreadyCredited: false } };
    },
    ...extra,
  });
  return mock;
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

const header = (call: RecordedCall | undefined, name: string) =>
  (call?.init?.headers as Record<string, string> | undefined)?.[name];

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('/purchase-coins: packages and tabs', () => {
  it('shows the five packages with price and coins, Rare Roll selected, the balance and a test-mode form', async () => {
    const { calls } = setup();
    renderApp('/purchase-coins');

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Coins' })).toBeInTheDocument();
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(screen.getByRole('radio', { name: /Rare Roll/ })).toBeChecked();
    for (const name of ['Starter Stack', 'Epic Edge', 'Legend Vault', 'Ultra Stack']) {
      expect(screen.getByRole('radio', { name: new RegExp(name) })).not.toBeChecked();
    }
    const rareRoll = screen.getByTestId('package-rare-roll');
    expect(within(rareRoll).getByText('$20.00')).toBeInTheDocument();
    expect(within(rareRoll).getByText('50,000')).toBeInTheDocument();
    expect(within(rareRoll).getByText('Popular')).toBeInTheDocument();
    expect(within(screen.getByTestId('package-ultra-stack')).getByText('$100.00')).toBeInTheDocument();

    const balance = screen.getByRole('region', { name: 'Current balance' });
    expect(await within(balance).findByText('10,000')).toBeInTheDocument();

    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $20.00' })).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByText('4000 0025 0000 3155')).toBeInTheDocument();
    const created = callsTo(calls, 'POST', '/api/create-payment-intent');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({ packageId: 'rare-roll', amount: 20 });
    expect(header(created[0], 'Idempotency-Key')).toBeTruthy();
  });

  it('creates an intent for another package when it is picked', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await user.click(screen.getByRole('radio', { name: /Epic Edge/ }));

    expect(screen.getByRole('radio', { name: /Epic Edge/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Rare Roll/ })).not.toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay $33.00' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/create-payment-intent').map((call) => call.body)).toEqual([
      { packageId: 'rare-roll', amount: 20 },
      { packageId: 'epic-edge', amount: 33 },
    ]);
  });

  it('selects the redeem tab from ?tab=redeem and keeps the address in step with the tabs', async () => {
    setup();
    const { user, router } = renderApp('/purchase-coins?tab=redeem');

    expect(await screen.findByRole('tab', { name: 'Redeem' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Promo code')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Purchase' }));
    expect(router.state.location.pathname).toBe('/purchase-coins');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('radio', { name: /Rare Roll/ })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Redeem' }));
    expect(router.state.location.search).toBe('?tab=redeem');
    expect(screen.getByLabelText('Promo code')).toBeInTheDocument();
  });

  it('opens on the purchase tab without a tab parameter', async () => {
    setup();
    renderApp('/purchase-coins');

    expect(await screen.findByRole('tab', { name: 'Purchase' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Redeem' })).toHaveAttribute('aria-selected', 'false');
  });

  it('refetches the balance on window focus', async () => {
    const { calls } = setup();
    renderApp('/purchase-coins');
    await screen.findByRole('region', { name: 'Current balance' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user/balance')).toHaveLength(1));

    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });

    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user/balance')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/api/coin-packages')).toHaveLength(1);
  });

  it("toasts 'Failed to initialize payment' when the intent cannot be created", async () => {
    const { calls } = setup({
      'POST /api/create-payment-intent': {
        status: 400,
        body: { message: 'Amount does not match the package' },
      },
    });
    renderApp('/purchase-coins');

    expect(await screen.findByText('Failed to initialize payment')).toBeInTheDocument();
    expect(screen.getByText('Amount does not match the package')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(0);
  });

  it('offers the coin packages again after they fail to load', async () => {
    setup({ 'GET /api/coin-packages': { status: 503, body: { message: 'Wallet unavailable' } } });
    renderApp('/purchase-coins');

    expect(await screen.findByText('Wallet unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/purchase-coins: test-mode card payments', () => {
  it('pays with 4242: confirms the card, tells the server, toasts and clears the form', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12/34');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Coins Added!')).toBeInTheDocument();
    // One toast for the payment and its coins (issue 31).
    expect(screen.getAllByText('Coins Added!')).toHaveLength(1);
    expect(screen.getByText('+50,000 coins. Payment successful: Rare Roll purchased.')).toBeInTheDocument();

    const confirm = callsTo(calls, 'POST', confirmPath(RARE_ROLL_INTENT));
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.body).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    const success = callsTo(calls, 'POST', '/api/payment/success');
    expect(success).toHaveLength(1);
    expect(success[0]!.body).toEqual({ paymentIntentId: RARE_ROLL_INTENT });

    // The balance and the header show the new coins; the user and balance are refetched.
    const balance = screen.getByRole('region', { name: 'Current balance' });
    expect(await within(balance).findByText('60,000')).toBeInTheDocument();
    expect(screen.getByText('Balance: 60,000')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user/balance').length).toBeGreaterThanOrEqual(2));

    // A fresh intent and an empty form for the next purchase.
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/create-payment-intent')).toHaveLength(2));
    expect(await screen.findByLabelText('Card number')).toHaveValue('');
  });

  it('shows a declined card inline with the toast "Payment failed" and adds no coins', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(0);
    expect(screen.queryByText('Coins Added!')).not.toBeInTheDocument();
    // The card number stays, so another card can be tried on the same payment.
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  });

  it('asks for authentication with 4000 0025 0000 3155, then succeeds', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await user.click(screen.getByRole('button', { name: 'Use test card 4000 0025 0000 3155' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0025 0000 3155');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Authenticate this payment')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Complete authentication' }));

    expect(await screen.findByText('Coins Added!')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', authenticatePath(RARE_ROLL_INTENT))[0]!.body).toEqual({ fail: false });
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(1);
  });

  it('shows a failed authentication as a payment error', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(screen.queryByText('Authenticate this payment')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', authenticatePath(RARE_ROLL_INTENT))[0]!.body).toEqual({ fail: true });
    expect(callsTo(calls, 'POST', '/api/payment/success')).toHaveLength(0);
  });

  it("toasts 'Payment processing error' when the confirm call itself fails", async () => {
    setup({ [`POST ${confirmPath(RARE_ROLL_INTENT)}`]: { status: 503, body: { message: 'Try later' } } });
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Payment processing error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Try later');
  });

  it("toasts 'Failed to add coins' when the server cannot credit the payment, and can retry", async () => {
    let fail = true;
    const { calls } = setup({
      'POST /api/payment/success': () =>
        fail
          ? { status: 422, body: { message: 'Payment has not succeeded' } }
          : { body: { added: 50_000, coins: 60_000, alreadyCredited: false } },
    });
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(await screen.findByText('Failed to add coins')).toBeInTheDocument();
    expect(screen.getByText('Payment has not succeeded')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry adding coins' }));
    expect(await screen.findByText('Coins Added!')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/payment/success').map((call) => call.body)).toEqual([
      { paymentIntentId: RARE_ROLL_INTENT },
      { paymentIntentId: RARE_ROLL_INTENT },
    ]);
  });

  it('checks the form before sending anything', async () => {
    const { calls } = setup();
    const { user } = renderApp('/purchase-coins');
    await screen.findByRole('button', { name: 'Pay $20.00' });

    await user.type(screen.getByLabelText('Expiry'), '13');
    await user.click(screen.getByRole('button', { name: 'Pay $20.00' }));

    expect(screen.getByText('Enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digit CVC')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', confirmPath(RARE_ROLL_INTENT))).toHaveLength(0);
  });

  it('starts with the package a shop "Buy Now" came from', async () => {
    const { calls } = setup({ 'GET /api/packs': { body: [] } });
    const { user, router } = renderApp('/shop');

    const legendVault = await screen.findByRole('listitem', { name: 'Legend Vault' });
    await user.click(within(legendVault).getByRole('button', { name: 'Buy Now' }));

    expect(router.state.location.pathname).toBe('/purchase-coins');
    expect(await screen.findByRole('radio', { name: /Legend Vault/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay $60.00' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/create-payment-intent')[0]!.body).toEqual({
      packageId: 'legend-vault',
      amount: 60,
    });
  });
});
