import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { SpendingLimit, SpendingLimitBody } from '@touchline/contract';

import { parseLimit } from '@/features/profile/components/SpendingLimitForm';

import { coinPackages } from './economy-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall } from './utils';

const EFFECTIVE_AT = '2026-11-11T16:30:00';

/** The server's rule in small: lowering (or a first limit) at once, raising or removing in 24 hours. */
function limitServer(initial: SpendingLimit) {
  let state = initial;
  return {
    get: () => ({ body: state }),
    put: (body: unknown) => {
      const { monthlyLimit } = body as SpendingLimitBody;
      const current = state.monthlyLimit;
      const lowering =
        current === null ? monthlyLimit !== null : monthlyLimit !== null && monthlyLimit <= current;
      state = lowering
        ? {
            ...state,
            monthlyLimit,
            pending: null,
            remaining: monthlyLimit === null ? null : Math.max(0, monthlyLimit - state.spentThisMonth),
          }
        : { ...state, pending: { monthlyLimit, effectiveAt: EFFECTIVE_AT } };
      return { body: state };
    },
  };
}

function setup(initial: SpendingLimit) {
  const server = limitServer(initial);
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: [] },
    'GET /api/teams': { body: [] },
    'GET /api/user/spending-limit': server.get,
    'PUT /api/user/spending-limit': server.put,
  });
}

const puts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/user/spending-limit')
    .map((call) => call.body);

async function openLimit() {
  const rendered = renderApp('/profile');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Settings' }));
  expect(await screen.findByRole('heading', { name: 'Monthly spending limit' })).toBeInTheDocument();
  return rendered;
}

describe('parseLimit', () => {
  it('takes positive dollars with at most two decimals', () => {
    expect(parseLimit('50')).toBe(50);
    expect(parseLimit(' $49.99 ')).toBe(49.99);
    for (const text of ['', '0', '-5', '1.234', 'ten', '1e3', '100001'])
      expect(parseLimit(text), text).toBeNull();
  });
});

describe('Profile → Settings: monthly spending limit', { timeout: 30_000 }, () => {
  it('sets a first limit at once, then lowers it at once', async () => {
    const { calls } = setup({ monthlyLimit: null, pending: null, spentThisMonth: 20, remaining: null });
    const { user } = await openLimit();
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();

    const field = screen.getByLabelText('New monthly limit (USD)');
    await user.type(field, '50');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Spending limit updated')).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('$30.00')).toBeInTheDocument(); // remaining

    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(screen.getByText('$40.00')).toBeInTheDocument());
    expect(puts(calls)).toEqual([{ monthlyLimit: 50 }, { monthlyLimit: 40 }]);
  });

  it('shows a raise as pending with its date, and a removal likewise', async () => {
    const { calls } = setup({ monthlyLimit: 50, pending: null, spentThisMonth: 0, remaining: 50 });
    const { user } = await openLimit();
    await user.type(await screen.findByLabelText('New monthly limit (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Set limit' }));

    expect(await screen.findByText('Limit change scheduled')).toBeInTheDocument();
    expect(screen.getByText('Pending: $100.00 from Nov 11, 2026 at 4:30 PM')).toBeInTheDocument();
    // The limit in force is still $50.
    expect(screen.getAllByText('$50.00').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Remove limit' }));
    expect(
      await screen.findByText('Pending: the limit is removed on Nov 11, 2026 at 4:30 PM'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove limit' })).not.toBeInTheDocument();
    expect(puts(calls)).toEqual([{ monthlyLimit: 100 }, { monthlyLimit: null }]);
  });

  it('refuses an amount that is not dollars and cents without calling the server', async () => {
    const { calls } = setup({ monthlyLimit: null, pending: null, spentThisMonth: 0, remaining: null });
    const { user } = await openLimit();
    await user.type(await screen.findByLabelText('New monthly limit (USD)'), '12.345');
    expect(screen.getByText('Please enter an amount in dollars, like 50 or 49.99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set limit' })).toBeDisabled();
    expect(puts(calls)).toEqual([]);
  });
});

describe('/purchase-coins over the limit', { timeout: 30_000 }, () => {
  it("shows the server's refusal on the page when a purchase would pass the monthly limit", async () => {
    const message =
      'This purchase would exceed your monthly spending limit of $30.00 ($20.00 spent this month, $10.00 left). You can change the limit in Settings.';
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/balance': { body: { coins: 1_000 } },
      'GET /api/coin-packages': { body: coinPackages },
      'POST /api/create-payment-intent': { status: 422, body: { message } },
    });
    renderApp('/purchase-coins');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
