import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CashoutEligibility, CashoutRequest, CashoutRequestBody } from '@touchline/contract';

import { checkCashoutForm, formatCashoutDate } from '@/features/cashout/utils';

import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

const eligibility = (overrides: Partial<CashoutEligibility> = {}): CashoutEligibility => ({
  eligible: true,
  reasons: [],
  minCoins: 12_920,
  minCash: 5,
  coinsPerDollar: 2273,
  payoutRate: 0.88,
  purchaseCount: 3,
  purchaseTotal: 60,
  requestedThisMonth: false,
  coins: 150_000,
  nextRequestFrom: null,
  requirements: [
    { id: 'minimum_balance', state: 'met', detail: null, needed: null },
    { id: 'purchases', state: 'met', detail: null, needed: null },
    { id: 'purchase_total', state: 'met', detail: null, needed: null },
    { id: 'monthly', state: 'met', detail: null, needed: null },
    { id: 'platform_funds', state: 'met', detail: null, needed: null },
    { id: 'processing', state: 'not_applicable', detail: null, needed: null },
  ],
  maxCoins: 150_000,
  ...overrides,
});

const TOO_FEW = 'Cashouts require at least 3 completed coin purchases (you have 0)';
const notEligible = () =>
  eligibility({
    eligible: false,
    reasons: [TOO_FEW],
    purchaseCount: 0,
    purchaseTotal: 0,
    maxCoins: 0,
    requirements: eligibility().requirements.map((r) =>
      r.id === 'purchases'
        ? { ...r, state: 'unmet', detail: TOO_FEW, needed: 3 }
        : r.id === 'purchase_total'
          ? { ...r, state: 'unmet', detail: 'Your total purchases ($0.00) must exceed', needed: 5.01 }
          : r,
    ),
  });

const request = (overrides: Partial<CashoutRequest> = {}): CashoutRequest => ({
  id: 41,
  userId: 7,
  user: { email: 'alice@example.com' },
  status: 'pending',
  coinsAmount: 100_000,
  cashAmount: 38.71,
  paypalEmail: 'alice@paypal.example',
  createdAt: '2026-11-10T15:05:00',
  processedAt: null,
  reason: null,
  ...overrides,
});

function setup(extra: RouteHandlers = {}) {
  let coins = 150_000;
  const requests: CashoutRequest[] = [];
  const mock = mockFetch({
    'GET /api/user': () => ({ body: makeUser({ coins }) }),
    'GET /api/user/balance': () => ({ body: { coins } }),
    'GET /api/cashout/eligibility': () => ({ body: eligibility({ coins, maxCoins: coins }) }),
    'GET /api/cashout/requests': () => ({ body: requests }),
    'POST /api/cashout/request': (body) => {
      const { coinsAmount, paypalEmail } = body as CashoutRequestBody;
      coins -= coinsAmount;
      const created = request({ id: 42, coinsAmount, cashAmount: 38.71, paypalEmail });
      requests.unshift(created);
      return { status: 201, body: { request: created, coins } };
    },
    ...extra,
  });
  return mock;
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

async function fill(user: ReturnType<typeof renderApp>['user'], amount: string, email: string) {
  const amountField = await screen.findByLabelText('Coins Amount');
  await user.clear(amountField);
  if (amount) await user.type(amountField, amount);
  const emailField = screen.getByLabelText('PayPal Email');
  await user.clear(emailField);
  if (email) await user.type(emailField, email);
}

describe('checkCashoutForm', () => {
  it('previews floor(coins / 2273 * 0.88 * 100) / 100 and refuses in the spec order', () => {
    expect(checkCashoutForm('100000', 'a@b.c', 150_000)).toMatchObject({
      coins: 100_000,
      cash: 38.71,
      canSubmit: true,
    });
    expect(checkCashoutForm('12920', 'a@b.c', 150_000)).toMatchObject({ cash: 5, canSubmit: true });
    expect(checkCashoutForm('12919', 'a@b.c', 150_000).amountProblem?.title).toBe('Minimum amount required');
    expect(checkCashoutForm('200000', 'a@b.c', 150_000).amountProblem?.title).toBe('Insufficient coins');
    for (const typed of ['0', '-5', '1.5', 'abc', '1e5'])
      expect(checkCashoutForm(typed, 'a@b.c', 150_000).amountProblem?.description, typed).toBe(
        'Please enter a valid coins amount',
      );
    expect(checkCashoutForm('20000', 'paypal.example', 150_000)).toMatchObject({
      emailProblem: { title: 'Invalid email', description: 'Please enter a valid PayPal email address' },
      canSubmit: false,
    });
    expect(checkCashoutForm('', '', 150_000)).toMatchObject({
      amountProblem: null,
      emailProblem: null,
      canSubmit: false,
    });
    expect(checkCashoutForm('20000', '', 150_000).canSubmit).toBe(false);
    expect(checkCashoutForm('60000', 'a@b.c', 150_000, 50_000)).toMatchObject({
      amountProblem: {
        title: 'Above your cash-out limit',
        description: 'You can cash out at most 50,000 coins right now',
      },
      canSubmit: false,
    });
    expect(checkCashoutForm('50000', 'a@b.c', 150_000, 50_000).canSubmit).toBe(true);
  });

  it("formats dates as 'MMM d, yyyy at h:mm a'", () => {
    expect(formatCashoutDate('2026-11-10T15:05:00')).toBe('Nov 10, 2026 at 3:05 PM');
    expect(formatCashoutDate(null)).toBe('N/A');
  });
});

// Whole-app renders with typing: slow on a loaded machine, so more room than the default 5 s.
describe('/cashout', { timeout: 30_000 }, () => {
  it('shows the balance banner at 2,273 coins per dollar, the two tabs, the form and the requirements', async () => {
    setup();
    renderApp('/cashout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash Out' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Your balance' });
    expect(await within(banner).findByText('150,000')).toBeInTheDocument();
    expect(within(banner).getByText('$58.07')).toBeInTheDocument();
    expect(within(banner).getByText(/2,273 coins = \$1\.00/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'New Request' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Request History' })).toBeInTheDocument();
    const requirements = screen.getByRole('region', { name: 'Requirements' });
    for (const text of [
      'At least 3 purchases',
      'Total purchases, less earlier cash-outs, must exceed the cash-out amount',
      'One cash-out per month',
      'The platform needs sufficient funds',
      'Processing takes 1-3 business days',
    ])
      expect(within(requirements).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Cashout' })).toBeDisabled();
    expect(screen.getByText(/Minimum 12,920 coins \(\$5\.00\)/)).toBeInTheDocument();
  });

  it('previews the cash and shows each validation text, with submit disabled', async () => {
    setup();
    const { user } = renderApp('/cashout');
    await screen.findByText('150,000');
    const preview = screen.getByRole('region', { name: 'Cash preview' });
    const submit = screen.getByRole('button', { name: 'Request Cashout' });

    await fill(user, '100000', 'alice@paypal.example');
    expect(within(preview).getByText('$38.71')).toBeInTheDocument();
    // The wallet judges the typed amount (a moment after typing stops): submit waits for its answer.
    await waitFor(() => expect(submit).toBeEnabled());

    await fill(user, '12919', 'alice@paypal.example');
    expect(screen.getByText('Minimum amount required')).toBeInTheDocument();
    expect(
      screen.getByText('Minimum cashout amount is 12,920 coins ($5 at 88% conversion rate)'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await fill(user, '150001', 'alice@paypal.example');
    expect(screen.getByText('Insufficient coins')).toBeInTheDocument();
    expect(screen.getByText("You don't have enough coins for this cashout")).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await fill(user, '0', 'alice@paypal.example');
    expect(screen.getByText('Please enter a valid coins amount')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await fill(user, '20000', 'alice.paypal.example');
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid PayPal email address')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('asks for confirmation; Cancel sends nothing; Confirm Cashout submits, toasts and shows the history', async () => {
    const { calls } = setup();
    const { user } = renderApp('/cashout');
    await screen.findByText('150,000');
    await fill(user, '100000', ' alice@paypal.example ');
    const submit = screen.getByRole('button', { name: 'Request Cashout' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    let dialog = await screen.findByRole('dialog', { name: 'Confirm Cashout Request' });
    expect(
      within(dialog).getByText(/100,000 coins for \$38\.71 to alice@paypal\.example/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/cashout/request')).toHaveLength(0);

    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    dialog = await screen.findByRole('dialog', { name: 'Confirm Cashout Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Cashout' }));

    expect(await screen.findByText('Request submitted')).toBeInTheDocument();
    const posted = callsTo(calls, 'POST', '/api/cashout/request');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ coinsAmount: 100_000, paypalEmail: 'alice@paypal.example' });
    expect((posted[0]!.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();

    expect(screen.getByRole('tab', { name: 'Request History' })).toHaveAttribute('aria-selected', 'true');
    const item = await screen.findByRole('listitem', { name: 'Cashout request 42' });
    expect(within(item).getByText('pending')).toBeInTheDocument();
    expect(within(item).getByText('$38.71')).toBeInTheDocument();
    expect(within(item).getByText('100,000')).toBeInTheDocument();
    expect(within(item).getByText('Nov 10, 2026 at 3:05 PM')).toBeInTheDocument();
    // The balance shows what is left at once.
    expect(
      within(screen.getByRole('region', { name: 'Your balance' })).getByText('50,000'),
    ).toBeInTheDocument();
  });

  it('shows each requirement as the wallet decided it, the blocker first, and keeps submit disabled', async () => {
    setup({ 'GET /api/cashout/eligibility': { body: notEligible() } });
    const { user } = renderApp('/cashout');
    await screen.findByText('150,000');
    const blocker = await screen.findByTestId('cashout-blocker');
    expect(blocker).toHaveTextContent(`You cannot cash out yet. ${TOO_FEW}`);
    const form = screen.getByRole('form', { name: 'New cashout request' });
    expect(form.firstElementChild).toBe(blocker);
    expect(screen.getByTestId('requirement-purchases')).toHaveAttribute('data-state', 'unmet');
    expect(screen.getByTestId('requirement-purchases')).toHaveTextContent(
      'Not met: At least 3 purchasesNeeds 3 more purchases',
    );
    expect(screen.getByTestId('requirement-purchase_total')).toHaveTextContent(
      'Needs $5.01 more in purchases',
    );
    expect(screen.getByTestId('requirement-monthly')).toHaveAttribute('data-state', 'met');
    expect(screen.getByTestId('requirement-processing')).toHaveAttribute('data-state', 'not_applicable');
    await fill(user, '20000', 'alice@paypal.example');
    expect(screen.getByRole('button', { name: 'Request Cashout' })).toBeDisabled();
  });

  it("toasts 'Failed to submit request' with the server's message and stays on the form", async () => {
    const { calls } = setup({
      'POST /api/cashout/request': { status: 422, body: { message: TOO_FEW } },
    });
    const { user } = renderApp('/cashout');
    await screen.findByText('150,000');
    await fill(user, '20000', 'alice@paypal.example');
    const submit = screen.getByRole('button', { name: 'Request Cashout' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Confirm Cashout' }));

    expect(await screen.findByText('Failed to submit request')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(TOO_FEW.replace(/[()]/g, '\\$&')))).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/cashout/request')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'New Request' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Coins Amount')).toHaveValue('20000');
  });

  it('lists the history newest first with statuses and processed dates, or an empty text', async () => {
    setup({
      'GET /api/cashout/requests': {
        body: [
          request({ id: 3, status: 'completed', processedAt: '2026-11-12T09:30:00' }),
          request({
            id: 2,
            status: 'rejected',
            processedAt: '2026-10-02T18:00:00',
            createdAt: '2026-10-01T08:00:00',
            reason: 'Wrong PayPal address',
          }),
        ],
      },
    });
    const { user } = renderApp('/cashout');
    await user.click(await screen.findByRole('tab', { name: 'Request History' }));
    const items = await screen.findAllByRole('listitem', { name: /Cashout request/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Cashout request 3',
      'Cashout request 2',
    ]);
    expect(within(items[0]!).getByText('completed')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Nov 12, 2026 at 9:30 AM')).toBeInTheDocument();
    expect(within(items[1]!).getByText('rejected')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Coins returned to your balance')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Oct 1, 2026 at 8:00 AM')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Wrong PayPal address')).toBeInTheDocument();
  });

  it('says so when there are no requests yet', async () => {
    setup();
    const { user } = renderApp('/cashout');
    await user.click(await screen.findByRole('tab', { name: 'Request History' }));
    expect(await screen.findByText('No cashout requests yet')).toBeInTheDocument();
  });
});
