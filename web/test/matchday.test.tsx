import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Lineup, LineupCard, MatchdayInfo, MatchdayView, Standings } from '@touchline/contract';

import { makeCard, makePlayer, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const defender = makePlayer({
  id: 600,
  name: 'Sergio Busquets Defender',
  teamId: 12,
  position: 'Defender',
  detailedPosition: 'CB',
  rarity: 'Common',
  price: 300,
});

/** One card for each place: Guzan (GK), a defender, Nwobodo (MID), Messi and Herbers (FWD); Frei is listed. */
const cards = [
  makeCard({ id: 1, player: players.guzan, acquiredAt: '2026-03-01T18:00:00.000Z' }),
  makeCard({ id: 2, player: defender, acquiredAt: '2026-03-01T18:00:00.000Z' }),
  makeCard({ id: 3, player: players.nwobodo, acquiredAt: '2026-03-01T18:00:00.000Z' }),
  makeCard({ id: 4, player: players.messi, acquiredAt: '2026-03-01T18:00:00.000Z' }),
  makeCard({ id: 5, player: players.herbers, acquiredAt: '2026-03-01T18:00:00.000Z' }),
  makeCard({ id: 6, player: players.frei, acquiredAt: '2026-03-01T18:00:00.000Z', forSale: true }),
];

const NOW = new Date().toISOString();
const inOneHour = new Date(Date.now() + 3_600_000 + 30_000).toISOString();

const open: MatchdayInfo = {
  id: 4,
  opensAt: NOW,
  locksAt: inOneHour,
  resultsAt: inOneHour,
  state: 'open',
  entries: 12,
};

const noStandings: Standings = { matchday: null, entries: [], mine: null };

const lineupOf = (overrides: Partial<Lineup> = {}): Lineup => ({
  matchdayId: 4,
  captainCardId: 4,
  points: null,
  rank: null,
  reward: null,
  rewardStatus: null,
  updatedAt: NOW,
  cards: cards.slice(0, 5).map((c) => ({
    cardId: c.id,
    playerId: c.player.id,
    playerName: c.player.name,
    position: c.player.position as LineupCard['position'],
    rarity: c.player.rarity,
    teamId: c.player.teamId,
    captain: c.id === 4,
    result: null,
    points: null,
  })),
  ...overrides,
});

function setup(view: MatchdayView, standings: Standings = noStandings) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: cards },
    'GET /api/matchday': { body: view },
    'GET /api/matchday/standings': { body: standings },
    'PUT /api/matchday/4/lineup': (body) => ({
      body: {
        matchday: { ...open, entries: 13 },
        lineup: lineupOf({ captainCardId: (body as { captainCardId: number }).captainCardId }),
      },
    }),
  });
}

describe('/matchday', () => {
  it('builds a lineup by position from eligible cards, with a captain, and fields it with a key', async () => {
    const { calls } = setup({ matchday: open, lineup: null, now: NOW, previous: null });
    const { user } = renderApp('/matchday');

    await screen.findByRole('heading', { level: 1, name: 'Matchday' });
    expect(await screen.findByText(/Lineups lock in/)).toHaveTextContent(/1h 0m/);
    const form = await screen.findByRole('form', { name: 'Your lineup' });
    const keeper = within(form).getByRole('combobox', { name: 'Goalkeeper' });
    // The listed goalkeeper (Frei) is not offered.
    expect(
      within(keeper)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a card', 'Brad Guzan · Rare · #1']);
    const submit = within(form).getByRole('button', { name: 'Field lineup' });
    expect(submit).toBeDisabled();

    await user.selectOptions(keeper, '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Defender' }), '2');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Midfielder' }), '3');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Forward' }), '4');
    // Messi is in the forward's place, so the extra place offers Herbers and not Messi again.
    const extra = within(form).getByRole('combobox', { name: 'Outfield player' });
    expect(within(extra).queryByRole('option', { name: /Lionel Messi/ })).not.toBeInTheDocument();
    await user.selectOptions(extra, '5');
    const captains = within(form).getAllByRole('radio', { name: 'Captain' });
    expect(captains).toHaveLength(5);
    await user.click(captains[3]!);
    await user.click(submit);

    await screen.findByText('Lineup saved. Your cards are held until kickoff.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/matchday/4/lineup');
    expect(put?.body).toEqual({ cardIds: [1, 2, 3, 4, 5], captainCardId: 4 });
    expect(new Headers(put?.init?.headers).get('Idempotency-Key')).toMatch(/\S+/);
  });

  it('shows a scored lineup with each player’s match, the points, the rank and the reward', async () => {
    const scored = lineupOf({ points: 41.5, rank: 2, reward: 1_100, rewardStatus: 'paid' });
    scored.cards[3] = {
      ...scored.cards[3]!,
      points: 21,
      result: {
        minutes: 90,
        goals: 2,
        assists: 1,
        saves: 0,
        cleanSheet: false,
        goalsConceded: 1,
        yellowCards: 0,
        redCards: 0,
        points: 14,
      },
    };
    // Matchday 4 kicked off and was scored; matchday 5 takes lineups now.
    setup(
      {
        matchday: { ...open, id: 5, entries: 0 },
        lineup: null,
        now: NOW,
        previous: { matchday: { ...open, state: 'scored' }, lineup: scored },
      },
      {
        matchday: { ...open, state: 'scored' },
        entries: [
          { rank: 1, user: { id: 9, username: 'striker' }, points: 50, reward: 6_100 },
          { rank: 2, user: { id: 7, username: 'me' }, points: 41.5, reward: 1_100 },
        ],
        mine: { rank: 2, user: { id: 7, username: 'me' }, points: 41.5, reward: 1_100 },
      },
    );
    renderApp('/matchday');

    const fielded = await screen.findByRole('list', { name: 'Fielded cards' });
    expect(within(fielded).getByText("90' · 2 goals · 1 assist")).toBeInTheDocument();
    expect(screen.getByText('41.5')).toBeInTheDocument();
    expect(screen.getByText('#2 of 12')).toBeInTheDocument();
    // The scored matchday comes first, then the open one with its builder.
    const [first, second] = screen.getAllByRole('region', { name: /^Matchday \d$/ });
    expect(first).toHaveAccessibleName('Matchday 4');
    expect(within(first!).queryByRole('form', { name: 'Your lineup' })).not.toBeInTheDocument();
    expect(second).toHaveAccessibleName('Matchday 5');
    expect(within(second!).getByRole('form', { name: 'Your lineup' })).toBeInTheDocument();
    const board = await screen.findByRole('list', { name: 'Matchday 4 standings' });
    expect(within(board).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'true');
    // The points table is on the same screen.
    expect(screen.getByRole('table', { name: 'Points per action and position' })).toBeInTheDocument();
  });

  it('says what the server refused', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: cards },
      'GET /api/matchday': { body: { matchday: open, lineup: lineupOf(), now: NOW, previous: null } },
      'GET /api/matchday/standings': { body: noStandings },
      'PUT /api/matchday/4/lineup': {
        status: 409,
        body: { message: 'A card in this lineup is listed for sale, in a trade offer or in another lineup' },
      },
    });
    const { user } = renderApp('/matchday');
    const form = await screen.findByRole('form', { name: 'Your lineup' });
    await user.click(within(form).getAllByRole('radio', { name: 'Captain' })[0]!);
    await user.click(within(form).getByRole('button', { name: 'Save lineup' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'A card in this lineup is listed for sale, in a trade offer or in another lineup',
      ),
    );
  });
});

describe('the lineup builder’s rules', () => {
  it('puts a fielded lineup back in its places, the second outfield player in the extra one', async () => {
    const { picksOf } = await import('@/features/matchday/utils');
    expect(
      picksOf([
        { cardId: 9, position: 'Forward' },
        { cardId: 1, position: 'Goalkeeper' },
        { cardId: 5, position: 'Forward' },
        { cardId: 2, position: 'Defender' },
        { cardId: 3, position: 'Midfielder' },
      ]),
    ).toEqual({ gk: 1, def: 2, mid: 3, fwd: 9, extra: 5 });
  });

  it('counts down in days and hours, hours and minutes, then minutes and seconds', async () => {
    const { countdown } = await import('@/features/matchday/utils');
    expect(countdown(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 3h');
    expect(countdown(3 * 3_600_000 + 12 * 60_000 + 5_000)).toBe('3h 12m');
    expect(countdown(12 * 60_000 + 5_000)).toBe('12m 05s');
    expect(countdown(45_000)).toBe('45s');
    expect(countdown(-1)).toBe('0s');
  });
});
