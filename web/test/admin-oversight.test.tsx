import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { AuditEntry } from '@touchline/contract';

import { clearBan, showBan } from '@/lib/live/account';

import { makeAdminUser, makeCashout } from './admin-fixtures';
import { cells } from './admin-pages';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

// Issue 43 items 7 and 8 on the web: mute with a reason and a duration, the audit log, the PayPal id
// in a request's history, the mute banner and the ban screen.
const users = [
  makeAdminUser({ id: 1, email: 'boss@example.com', username: 'boss', isAdmin: true }),
  makeAdminUser({ id: 21, email: 'player@example.com', username: 'player' }),
];

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    actorUserId: 1,
    action: 'user.mute',
    targetType: 'user',
    targetId: '21',
    subjectUserId: 21,
    details: { targetUserId: 21, muted: true, reason: 'Spam', durationSeconds: 86_400 },
    outcome: 'ok',
    createdAt: '2026-11-29T10:00:00.000Z',
    finishedAt: '2026-11-29T10:00:01.000Z',
    before: {},
    after: {},
    error: null,
    ...overrides,
  };
}

function setup(extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin: true }) },
    'GET /api/admin/wallet': { body: { profitWallet: 0, coins: 0 } },
    'GET /api/admin/users': { body: users },
    'GET /api/admin/cashout/requests': { body: [] },
    ...extra,
  });
}

afterEach(() => act(() => clearBan()));

describe('mute with a reason and a duration', () => {
  it('sends the reason and the chosen duration; 24 hours is preselected', async () => {
    const { calls } = setup({
      'POST /api/admin/users/21/mute': { body: { ...users[1], muted: true } },
    });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'User Management' }));
    const row = await screen.findByTestId('user-21');
    await user.click(within(row).getByRole('button', { name: 'Manage User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute User' }));
    const dialog = await screen.findByRole('alertdialog');
    const durations = within(dialog).getByRole('group', { name: 'Duration' });
    expect(
      within(durations)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['1 hour', '24 hours', '7 days', 'Permanent']);
    expect(within(durations).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(durations).getByRole('radio', { name: '7 days' }));
    await user.type(within(dialog).getByLabelText('Reason (optional)'), ' Insults in notes ');
    await user.click(within(dialog).getByRole('button', { name: 'Mute User' }));
    await screen.findByText('User message status updated');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      muted: true,
      duration: '7d',
      reason: 'Insults in notes',
    });
  });
});

describe('the Audit Log tab', () => {
  it('lists entries with admin, action, user and details, and sends each filter to the server', async () => {
    const { calls } = setup({
      'GET /api/admin/audit-log': {
        body: {
          items: [
            entry({ id: 2 }),
            entry({
              id: 1,
              action: 'cashout.status',
              targetType: 'cashout',
              targetId: '11',
              details: { requestId: 11, status: 'completed', paypalTransactionId: '5TY05013RG002845M' },
            }),
          ],
          nextCursor: null,
        },
      },
    });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Audit Log' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(cells(within(table).getByTestId('audit-2')).slice(1)).toEqual([
      'boss@example.com',
      'Mute',
      'player@example.com',
      'User #21',
      'ok',
      '24 hours · Reason: Spam',
    ]);
    expect(cells(within(table).getByTestId('audit-1')).slice(2, 7)).toEqual([
      'Cash-out status',
      'player@example.com',
      'Request #11',
      'ok',
      '→ completed · PayPal 5TY05013RG002845M',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Admin' }), 'boss@example.com');
    await user.selectOptions(screen.getByLabelText('Action'), 'Mute');
    await user.type(screen.getByLabelText('User'), 'player@example.com');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-29');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/audit-log').at(-1)!;
      const query = new URLSearchParams(last.search);
      expect(query.get('actorUserId')).toBe('1');
      expect(query.get('action')).toBe('user.mute');
      expect(query.get('userId')).toBe('21');
      expect(new Date(query.get('from')!).getDate()).toBe(1);
      // The To day is included whole: the bound is the start of the next day.
      expect(new Date(query.get('to')!).getDate()).toBe(30);
    });
  });

  it('says so when no user has the e-mail typed, and asks nothing for it', async () => {
    const { calls } = setup({ 'GET /api/admin/audit-log': { body: { items: [], nextCursor: null } } });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Audit Log' }));
    expect(await screen.findByText('No admin actions match these filters.')).toBeInTheDocument();
    const before = calls.length;
    await user.type(screen.getByLabelText('User'), 'nobody@example.com');
    expect(screen.getByText('No user with that e-mail or username')).toBeInTheDocument();
    expect(screen.getByLabelText('User')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.slice(before).some((c) => c.path === '/api/admin/audit-log')).toBe(false);
  });
});

describe("a request's history", () => {
  it('shows the PayPal transaction id and who moved the request when', async () => {
    setup({
      'GET /api/admin/cashout/requests': {
        body: [
          makeCashout({
            id: 11,
            status: 'completed',
            processedAt: '2026-03-06T10:00:00',
            paypalTransactionId: '5TY05013RG002845M',
            history: [
              {
                status: 'processing',
                actorUserId: 1,
                at: '2026-03-05T15:00:00',
                paypalTransactionId: null,
                reason: null,
              },
              {
                status: 'completed',
                actorUserId: 4,
                at: '2026-03-06T10:00:00',
                paypalTransactionId: '5TY05013RG002845M',
                reason: null,
              },
            ],
          }),
        ],
      },
    });
    const { user } = renderApp('/admin/cashout');
    await user.click(await screen.findByRole('tab', { name: /Completed/ }));
    const row = await screen.findByTestId('cashout-11');
    expect(within(row).getByText('PayPal 5TY05013RG002845M')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Request #11 details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cashout Request Details' });
    const history = within(dialog).getByRole('region', { name: 'Request history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mar 5, 2026 at 2:30 PM · Requested by rich (rich@example.com)',
      'Mar 5, 2026 at 3:00 PM · Processing started by admin #1',
      'Mar 6, 2026 at 10:00 AM · Marked completed by admin #4 · PayPal transaction 5TY05013RG002845M',
    ]);
  });
});

describe("the player's side", () => {
  it('a muted player sees a banner with the reason and the end', async () => {
    mockFetch({
      'GET /api/user': {
        body: makeUser({
          muted: true,
          muteReason: 'Insults in notes',
          mutedUntil: '2099-11-30T15:00:00.000Z',
        }),
      },
    });
    renderApp('/profile');
    const banner = await screen.findByRole('status', { name: '' });
    expect(banner).toHaveTextContent(/You are muted until Nov 30, 2099 at \d{1,2}:00 (AM|PM)\./);
    expect(banner).toHaveTextContent('Reason: Insults in notes.');
  });

  it('a permanent mute says an admin lifts it; no mute, no banner', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser({ muted: true, muteReason: null, mutedUntil: null }) } });
    renderApp('/profile');
    expect(await screen.findByText('You are muted until an admin lifts it.')).toBeInTheDocument();
  });

  it('a ban that ends the stream shows at once, with its reason and where to appeal', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    renderApp('/profile');
    await screen.findAllByRole('heading');
    act(() =>
      showBan({
        reason: 'banned',
        message: 'Your account is suspended. Reason: Fraud',
        banReason: 'Fraud',
        appealEmail: 'appeals@touchline.example',
      }),
    );
    const screenOf = await screen.findByRole('alertdialog', { name: 'Your account is suspended' });
    expect(screenOf).toHaveTextContent('Reason: Fraud');
    expect(within(screenOf).getByRole('link', { name: 'appeals@touchline.example' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:appeals@touchline\.example\?subject=/),
    );
    expect(within(screenOf).getByRole('button', { name: 'Go to sign-in' })).toBeInTheDocument();
  });
});
