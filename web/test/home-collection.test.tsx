import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { collection } from './card-fixtures';
import { cardButtonNames, makeUser, mockFetch, renderApp } from './utils';

describe('home: My Collection', () => {
  it('shows the summary from the user and the four newest cards, with View All', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser({ cardCount: 6, collectionValue: 199_480 }) },
      'GET /api/user/cards': { body: collection },
      'GET /api/user/starter-pack': { body: [] },
    });
    const { user } = renderApp('/');

    expect(await screen.findByText('199,480')).toBeInTheDocument();
    const row = await screen.findByRole('list', { name: 'Newest cards' });
    expect(cardButtonNames(within(row).getAllByRole('button'))).toEqual([
      'Fabian Herbers',
      'Jordi Alba',
      'Brad Guzan',
      'Lionel Messi',
    ]);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/collection');

    await user.click(within(row).getByRole('button', { name: /^Brad Guzan,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Brad Guzan' });
    expect(within(dialog).getByText('+0.5%')).toBeInTheDocument();
    expect(within(dialog).getAllByText('#88 of 1000').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Trade Card' })).toBeEnabled();
  });

  it("shows 'No cards in your collection yet' with 'Visit Market'", async () => {
    mockFetch({
      'GET /api/user': { body: makeUser({ cardCount: 0 }) },
      'GET /api/user/cards': { body: [] },
      'GET /api/user/starter-pack': { body: [] },
    });
    renderApp('/');

    expect(await screen.findByText('No cards in your collection yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Market' })).toHaveAttribute('href', '/market');
  });

  it('shows the error text when the cards fail to load', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { status: 502, body: { message: 'Bad gateway' } },
      'GET /api/user/starter-pack': { body: [] },
    });
    renderApp('/');

    expect(await screen.findByText('Bad gateway')).toBeInTheDocument();
  });
});
