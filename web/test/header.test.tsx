import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { headerTitleFontSize } from '@/components/Header';

import { catalogEntry, players, teams } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

function setup() {
  return mockFetch({
    'GET /api/user': { body: makeUser({ coins: 10_000 }) },
    'GET /api/player-catalog': { body: [catalogEntry(players.messi, 1)] },
    'GET /api/teams': { body: teams },
    'GET /api/leaderboard': { body: [] },
  });
}

// Inside <main> a <header> is no banner landmark: found by its tag.
const header = () => document.querySelector('header')!;

describe('the one header', () => {
  it.each([
    ['/catalog', 'Player Catalog'],
    ['/teams', 'MLS Team Rosters'],
    ['/leaderboard', 'Leaderboard'],
  ])('shows the title, the balance and the bell on %s', async (path, title) => {
    setup();
    renderApp(path);

    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(within(header()).getByText('Balance: 10,000')).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: /Notifications/ })).toBeInTheDocument();
    // Never cut: a long title wraps rather than ending in an ellipsis (issue 43, item 13).
    expect(heading).not.toHaveClass('truncate');
    expect(heading).toHaveTextContent(title);
  });

  it('has the logo to home on a tab screen and a back arrow on a screen reached from one', async () => {
    setup();
    const { unmount } = renderApp('/catalog');
    await screen.findByRole('heading', { level: 1, name: 'Player Catalog' });
    expect(await within(header()).findByRole('link', { name: 'Touchline home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(header()).queryByRole('link', { name: 'Back to home' })).not.toBeInTheDocument();
    unmount();

    renderApp('/leaderboard');
    await screen.findByRole('heading', { level: 1, name: 'Leaderboard' });
    expect(await within(header()).findByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('keeps the search icon where the spec has it (Market) and links the Trade Center there', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/market': { body: [] },
      'GET /api/market/status': {
        body: { isOpen: true, nextEvent: 'Open around the clock', nextEventAt: null },
      },
    });
    renderApp('/market');
    await screen.findByRole('heading', { level: 1, name: 'Market' });
    expect(within(header()).getByRole('button', { name: 'Search players' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Trade Center' })).toHaveAttribute('href', '/trade');
  });

  it('sets a title in the room it has, from full size down to 0.875rem, longer ones smaller', () => {
    expect(headerTitleFontSize('Market')).toBe('clamp(0.875rem, calc(100cqi / 4.20), 1.125rem)');
    expect(headerTitleFontSize('Trade Marketplace')).toBe('clamp(0.875rem, calc(100cqi / 11.90), 1.125rem)');
    expect(headerTitleFontSize('')).toBe('clamp(0.875rem, calc(100cqi / 0.70), 1.125rem)');
  });
});
