import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AdminMatchdays } from '@touchline/contract';

import { defaultMatchdayId, lineErrorsOf, resultsFormatOf } from '../src/features/admin/results-file';
import { expectAccessDenied } from './admin-pages';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

const info = (id: number, state: 'open' | 'locked' | 'scored') => ({
  id,
  opensAt: '2026-11-28T19:00:00.000Z',
  locksAt: `2026-11-${String(id).padStart(2, '0')}T20:00:00.000Z`,
  resultsAt: '2026-11-29T22:00:00.000Z',
  state,
  entries: 3,
});

const listed: AdminMatchdays = {
  feed: 'import',
  matchdays: [
    { matchday: info(29, 'open'), resultsImport: null },
    { matchday: info(28, 'locked'), resultsImport: null },
    {
      matchday: info(27, 'locked'),
      resultsImport: {
        revision: 1,
        format: 'csv',
        players: 2,
        importedBy: 7,
        importedAt: '2026-11-28T21:00:00.000Z',
      },
    },
    { matchday: info(26, 'scored'), resultsImport: null },
  ],
};

function setup(extra: RouteHandlers = {}, isAdmin = true, body: AdminMatchdays = listed) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin }) },
    'GET /api/admin/matchdays': { body },
    ...extra,
  });
}

const csv = (text: string, name = 'results.csv') => new File([text], name, { type: 'text/csv' });

afterEach(() => vi.restoreAllMocks());

describe('/admin/matchdays', () => {
  it("shows 'Access Denied' to a non-admin and asks nothing", async () => {
    const { calls } = setup({}, false);
    renderApp('/admin/matchdays');
    await expectAccessDenied(calls);
  });

  it('lists the line errors of a refused file, then imports the corrected one', async () => {
    let attempt = 0;
    const { calls } = setup({
      'PUT /api/admin/matchdays/27/results': () =>
        ++attempt === 1
          ? {
              status: 422,
              body: {
                message: 'The file was not imported: 2 lines have errors (line 3: …)',
                lineErrors: [
                  { line: 3, message: 'player 999999 is not in the catalog' },
                  { line: 5, message: 'goals must be a whole number from 0 to 10' },
                ],
                errorCount: 4,
              },
            }
          : {
              body: {
                matchday: info(27, 'locked'),
                resultsImport: {
                  revision: 2,
                  format: 'csv',
                  players: 2,
                  importedBy: 7,
                  importedAt: '2026-11-29T21:00:00.000Z',
                },
                replaced: true,
              },
            },
    });
    const { user } = renderApp('/admin/matchdays');
    const select = await screen.findByLabelText('Matchday');
    // The oldest matchday waiting for its results is offered first.
    expect(select).toHaveValue('27');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain(
      `Matchday 27 · kicked off ${new Date(info(27, 'locked').locksAt).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })} · waiting for results · file uploaded (revision 1, 2 players)`,
    );
    const button = screen.getByRole('button', { name: 'Import Results' });
    expect(button).toBeDisabled();

    await user.upload(
      screen.getByLabelText('Results file (CSV or JSON)'),
      csv('player_id,minutes\n999999,90\n'),
    );
    await user.click(button);
    const errors = await screen.findByRole('list', { name: 'Line errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: player 999999 is not in the catalog',
      'Line 5: goals must be a whole number from 0 to 10',
    ]);
    expect(screen.getByText('and 2 more lines with errors.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT')!;
    expect(sent.body).toEqual({ format: 'csv', content: 'player_id,minutes\n999999,90\n' });
    expect(new Headers(sent.init?.headers).get('Idempotency-Key')).toBeTruthy();

    await user.upload(screen.getByLabelText('Results file (CSV or JSON)'), csv('player_id,minutes\n12,90\n'));
    expect(screen.queryByRole('list', { name: 'Line errors' })).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Matchday 27: results of 2 players imported, replacing the earlier file\./,
    );
  });

  it('says files cannot be imported on the simulated feed', async () => {
    setup({}, true, { ...listed, feed: 'simulated' });
    renderApp('/admin/matchdays');
    expect(await screen.findByText(/results files cannot be imported/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import Results' })).toBeDisabled());
  });
});

describe('the results screen rules', () => {
  it('tells the format by extension, else by the first character', () => {
    expect(resultsFormatOf('md12.JSON', 'player_id')).toBe('json');
    expect(resultsFormatOf('md12.csv', '[')).toBe('csv');
    expect(resultsFormatOf('md12.txt', '  [ {}]')).toBe('json');
    expect(resultsFormatOf('md12', 'player_id,minutes')).toBe('csv');
  });

  it('offers the oldest matchday waiting for results, else the newest', () => {
    expect(defaultMatchdayId(listed.matchdays)).toBe(27);
    expect(defaultMatchdayId([listed.matchdays[0]!, listed.matchdays[3]!])).toBe(29);
    expect(defaultMatchdayId([])).toBeUndefined();
  });

  it('reads line errors only from a body that has them', () => {
    expect(lineErrorsOf({ message: 'x' })).toBeUndefined();
    expect(lineErrorsOf(null)).toBeUndefined();
    expect(lineErrorsOf({ lineErrors: [{ line: 2, message: 'm' }, { line: 'x' }] })).toEqual({
      lines: [{ line: 2, message: 'm' }],
      more: 0,
    });
  });
});
