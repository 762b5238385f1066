import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeAdminUser } from './admin-fixtures';
import { headers } from './admin-pages';
import { makeUser, mockFetch, renderApp } from './utils';

// Issue 43 item 8: one users table on both admin screens, with true spend figures on each.
const payer = makeAdminUser({
  id: 31,
  email: 'payer@example.com',
  username: 'payer',
  purchaseTotal: 60,
  purchaseCount: 3,
  testPurchaseTotal: 20,
  testPurchaseCount: 2,
});
const tester = makeAdminUser({
  id: 32,
  email: 'tester@example.com',
  username: 'tester',
  testPurchaseTotal: 5,
  testPurchaseCount: 1,
});
const newcomer = makeAdminUser({ id: 33, email: 'new@example.com', username: 'newcomer' });

function setup() {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin: true }) },
    'GET /api/admin/wallet': { body: { profitWallet: 0, coins: 0 } },
    'GET /api/admin/users': { body: [newcomer, payer, tester] },
  });
}

/** Each user's cell under `column`, by user id. */
function column(table: HTMLElement, label: string): Record<string, string> {
  const index = headers(table).indexOf(label);
  expect(index).toBeGreaterThanOrEqual(0);
  const byId: Record<string, string> = {};
  for (const row of within(table).getAllByRole('row').slice(1)) {
    const cells = within(row).getAllByRole('cell');
    byId[cells[0]!.textContent ?? ''] = cells[index]!.textContent ?? '';
  }
  return byId;
}

async function spendOn(path: string, tab: string, tableName: string) {
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('tab', { name: tab }));
  const table = await screen.findByRole('table', { name: tableName });
  const figures = { spent: column(table, 'Spent'), purchases: column(table, 'Purchases') };
  return { ...app, table, figures };
}

const SPENT = {
  '31': '$60.00 (3 purchases) + $20.00 in test payments (2 purchases)',
  '32': '$5.00 in test payments (1 purchase)',
  '33': '$0.00',
};
const PURCHASES = { '31': '5', '32': '1', '33': 'No purchases' };

describe('the admin users table', () => {
  it('shows the same real and test spend on User Management and on the Users tab', async () => {
    setup();
    const dashboard = await spendOn('/admin/dashboard', 'User Management', 'Users');
    expect(dashboard.figures).toEqual({ spent: SPENT, purchases: PURCHASES });
    dashboard.unmount();

    const controls = await spendOn('/admin', 'Users', 'All users');
    expect(controls.figures).toEqual({ spent: SPENT, purchases: PURCHASES });
  });

  it('sorts User Management by what was spent, toggling the direction', async () => {
    setup();
    const { user, table } = await spendOn('/admin/dashboard', 'User Management', 'Users');
    const ids = () => screen.getAllByTestId(/^user-/).map((r) => r.getAttribute('data-testid'));
    expect(ids()).toEqual(['user-31', 'user-32', 'user-33']);
    await user.click(within(table).getByRole('button', { name: 'Spent' }));
    expect(ids()).toEqual(['user-32', 'user-33', 'user-31']);
    expect(within(table).getByRole('columnheader', { name: 'Spent' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(table).getByRole('button', { name: 'Spent' }));
    expect(ids()).toEqual(['user-31', 'user-32', 'user-33']);
  });
});
