import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AdminCashoutRequest } from '@touchline/contract';

import { makeCashout, makeReport } from './admin-fixtures';
import { cells, expectAccessDenied, headers } from './admin-pages';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

const requests: AdminCashoutRequest[] = [
  makeCashout({ id: 11 }),
  makeCashout({
    id: 12,
    userId: 9,
    user: null,
    coinsAmount: 1_234_567,
    cashAmount: 477.96,
    requester: makeReport({
      userId: 9,
      flagged: true,
      flags: [
        {
          code: 'new_account_ring',
          severity: 'high',
          message: 'Received coins from 4 accounts created this week',
        },
      ],
    }),
  }),
  makeCashout({ id: 13, status: 'processing' }),
  makeCashout({ id: 14, status: 'completed', processedAt: '2026-03-07T09:05:00' }),
];

function setup(extra: RouteHandlers = {}, isAdmin = true) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin }) },
    'GET /api/admin/cashout/requests': { body: requests },
    ...extra,
  });
}

describe('/admin/cashout', () => {
  it("shows 'Access Denied' to a non-admin and never asks for the requests", async () => {
    const { calls } = setup({}, false);
    renderApp('/admin/cashout');
    await expectAccessDenied(calls);
  });

  it('shows the title, the four tabs with count badges and the pending table', async () => {
    setup();
    renderApp('/admin/cashout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cash Out Requests' })).toBeInTheDocument();
    expect(screen.getByText('Admin View')).toBeInTheDocument();
    await screen.findByTestId('cashout-11');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Pending2', 'Processing1', 'Completed', 'Rejected']);
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');

    const table = await screen.findByRole('table', { name: 'pending cashout requests' });
    expect(headers(table)).toEqual([
      'Request ID',
      'User',
      'Date',
      'Coins',
      'Cash Amount',
      'PayPal Email',
      'Actions',
    ]);
    // Username above the e-mail (issue 30 item 5).
    expect(cells(screen.getByTestId('cashout-11')).slice(0, 6)).toEqual([
      '#11',
      'richrich@example.com',
      'Mar 5, 2026 at 2:30 PM',
      '13,000',
      '$5.03',
      'rich@paypal.example',
    ]);
    // No e-mail: 'User {id}'; a flagged requester is marked.
    const second = screen.getByTestId('cashout-12');
    expect(cells(second).slice(1, 2)).toEqual(['User 9']);
    expect(cells(second).slice(3, 5)).toEqual(['1,234,567', '$477.96']);
    expect(within(second).getByRole('img', { name: 'Flagged' })).toBeInTheDocument();
  });

  it('shows each tab’s empty text and the columns of finished requests', async () => {
    setup({ 'GET /api/admin/cashout/requests': { body: requests.slice(3) } });
    const { user } = renderApp('/admin/cashout');
    expect(await screen.findByText('No pending requests to review.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending',
      'Processing',
      'Completed',
      'Rejected',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Processing' }));
    expect(await screen.findByText('No requests currently being processed.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected cashout requests.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    const table = await screen.findByRole('table', { name: 'completed cashout requests' });
    expect(headers(table)).toEqual([
      'Request ID',
      'User',
      'Created',
      'Processed',
      'Coins',
      'Cash Amount',
      'PayPal Email',
    ]);
    expect(cells(screen.getByTestId('cashout-14'))[3]).toBe('Mar 7, 2026 at 9:05 AM');
  });

  it('starts processing after the confirmation, with an Idempotency-Key, and toasts', async () => {
    const { calls } = setup({
      'POST /api/admin/cashout/11/status': { body: makeCashout({ id: 11, status: 'processing' }) },
    });
    const { user } = renderApp('/admin/cashout');
    await screen.findByTestId('cashout-11');
    await user.click(
      within(screen.getByTestId('cashout-11')).getByRole('button', { name: 'Manage Request' }),
    );
    const menu = await screen.findByRole('menu', { name: 'Manage Request' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Start Processing', 'Reject Request', 'View Details']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Start Processing' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'This will mark the request as "processing" and begin the payment process. Continue?',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Start Processing' }));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: '/api/admin/cashout/11/status', body: { status: 'processing' } });
    expect((post.init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/[0-9a-f-]{36}/);
    // The list is asked for again after the change.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/cashout/requests').length).toBeGreaterThan(1),
    );
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { calls } = setup();
    const { user } = renderApp('/admin/cashout');
    await screen.findByTestId('cashout-11');
    await user.click(
      within(screen.getByTestId('cashout-11')).getByRole('button', { name: 'Manage Request' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Reject Request' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'This will reject the cashout request and refund the coins to the user. This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a rejection sends the optional reason, trimmed; another move sends none', async () => {
    const { calls } = setup({
      'POST /api/admin/cashout/11/status': {
        body: makeCashout({ id: 11, status: 'rejected', reason: 'Bounced' }),
      },
    });
    const { user } = renderApp('/admin/cashout');
    const row = await screen.findByTestId('cashout-11');
    await user.click(within(row).getByRole('button', { name: 'Manage Request' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reject Request' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  PayPal address bounced ');
    expect(within(dialog).getByText(/\(25\/200\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    await screen.findByText('Status updated');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'rejected',
      reason: 'PayPal address bounced',
    });
  });

  it("Mark as Completed asks for the PayPal transaction ID, then toasts 'Failed to update status' with the server's message", async () => {
    const { calls } = setup({
      'POST /api/admin/cashout/13/status': {
        status: 409,
        body: { message: 'The request is already completed' },
      },
    });
    const { user } = renderApp('/admin/cashout');
    await screen.findByTestId('cashout-11');
    await user.click(screen.getByRole('tab', { name: /Processing/ }));
    const row = await screen.findByTestId('cashout-13');
    await user.click(within(row).getByRole('button', { name: 'Manage Request' }));
    const menu = await screen.findByRole('menu', { name: 'Manage Request' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mark as Completed', 'Reject Request', 'View Details']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('This confirms that payment has been sent to the user via PayPal. Continue?'),
    ).toBeInTheDocument();
    // Issue 43: no payment id, no completion; the dialog stays and says what it needs.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment Sent' }));
    expect(
      await within(dialog).findByText(
        'Enter the PayPal transaction ID: 17 letters and digits, as on the PayPal receipt',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('PayPal transaction ID')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('PayPal transaction ID'), ' 5ty05013rg002845m ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment Sent' }));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'completed',
      paypalTransactionId: '5TY05013RG002845M',
    });
    expect(screen.getByText('The request is already completed')).toBeInTheDocument();
  });

  it('shows the details with the PayPal memo note and the requester’s fraud flags', async () => {
    setup();
    const { user } = renderApp('/admin/cashout');
    const row = await screen.findByTestId('cashout-12');
    await user.click(within(row).getByRole('button', { name: 'Manage Request' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cashout Request Details' });
    expect(within(dialog).getByText('pending')).toBeInTheDocument();
    expect(within(dialog).getByText('User 9')).toBeInTheDocument();
    expect(within(dialog).getByText('$477.96')).toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Send $477.96 to rich@paypal.example via PayPal with the memo “Touchline Cashout #12”.',
    );
    const flags = within(dialog).getByRole('region', { name: 'Fraud flags' });
    expect(within(flags).getByText('Flagged account')).toBeInTheDocument();
    expect(within(flags).getByText('Received coins from 4 accounts created this week')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Processing' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject Request' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  // Issue #29 item 4: the review showed a $33 purchase total with nothing saying it was test money.
  it('marks a test cashout and shows real purchases and test payments apart', async () => {
    const test = makeCashout({
      id: 15,
      cashAmount: 30.97,
      test: true,
      requester: makeReport({
        purchaseCount: 0,
        purchaseTotal: 0,
        testPurchaseCount: 3,
        testPurchaseTotal: 33,
      }),
    });
    mockFetch({
      'GET /api/user': { body: makeUser({ isAdmin: true }) },
      'GET /api/admin/cashout/requests': { body: [test, ...requests] },
    });
    const { user } = renderApp('/admin/cashout');
    const row = await screen.findByTestId('cashout-15');
    expect(within(row).getByText('Test payment')).toBeInTheDocument();
    // The amount stays a text of its own (the browser tests find it exactly).
    expect(within(row).getByText('$30.97')).toBeInTheDocument();
    expect(within(await screen.findByTestId('cashout-11')).queryByText('Test payment')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Manage Request' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cashout Request Details' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Test cashout: requested where payments run in test mode. No real money was paid in for it.',
    );
    const flags = within(dialog).getByRole('region', { name: 'Fraud flags' });
    expect(within(flags).getByText('Purchases').nextElementSibling).toHaveTextContent('0 ($0.00)');
    expect(within(flags).getByText('Test payments').nextElementSibling).toHaveTextContent(
      '3 ($33.00)Test payment',
    );
  });
});
