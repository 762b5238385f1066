import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MatchdayInfo } from '@touchline/contract';

import { prefetchHome } from '@/features/home/api/prefetch-home';
import { createQueryClient } from '@/lib/query-client';

import { HOME_LISTS } from '../build/page-preloads';
import { collection, players } from './card-fixtures';
import { missionLists } from './mission-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const NOW = new Date().toISOString();
const openMatchday: MatchdayInfo = {
  id: 4,
  opensAt: NOW,
  locksAt: new Date(Date.now() + 3_600_000).toISOString(),
  resultsAt: new Date(Date.now() + 3_600_000).toISOString(),
  state: 'open',
  entries: 12,
};

describe('home: its lists asked for before it renders (main.tsx, on /)', () => {
  it('asks once for each list: home waits on the requests already running', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: collection },
      'GET /api/user/starter-pack': { body: [] },
      'GET /api/market/trending': { body: [players.messi, players.alba] },
      'GET /api/missions': { body: missionLists },
      'GET /api/trades/incoming': { body: [] },
      'GET /api/packs': { body: [] },
      'GET /api/packs/unopened': { body: [] },
      'GET /api/matchday': { body: { matchday: openMatchday, lineup: null, now: NOW, previous: null } },
    });
    const queryClient = createQueryClient();
    prefetchHome(queryClient);
    // The signed-in page opening / preloads exactly these (web/build/page-preloads.ts): a list asked
    // for here and not preloaded waits a round trip, one preloaded and not asked for is fetched for nothing.
    expect(calls.map((call) => call.path)).toEqual(HOME_LISTS);

    renderApp('/', queryClient);
    expect(await screen.findByRole('list', { name: 'Trending players' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Newest cards' })).toBeInTheDocument();
    for (const path of HOME_LISTS) {
      expect(calls.filter((call) => call.method === 'GET' && call.path === path)).toHaveLength(1);
    }
  });
});
