import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

import type { RecordedCall } from './utils';

/** An admin page as a player sees it: 'Access Denied', a way home, and no admin call asked for. */
export async function expectAccessDenied(calls: readonly RecordedCall[]): Promise<void> {
  expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  expect(
    screen.getByText("You don't have permission to access this page. This page is for admins only."),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  expect(calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
}

/** The texts of a table row's cells, in order. */
export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The texts of a table's column headers, in order. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
