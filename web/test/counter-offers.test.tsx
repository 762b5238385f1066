import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { collection, makeCard, players, teams } from './card-fixtures';
import { makeOffer, othersCard, usernames } from './trade-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

// Bob offers his Frei (201) and 300 coins to alice for her Alba (105).
const alba = collection.find((card) => card.id === 105)!;
const bobsFrei = othersCard(
  makeCard({ id: 201, player: players.frei, acquiredAt: '2026-03-01T18:00:00.000Z' }),
);
const incoming = makeOffer({ id: 1, cards: [bobsFrei], requestedCards: [alba], coinOffer: 300 });

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: collection },
    'GET /api/teams': { body: teams },
    'GET /api/users/usernames': { body: usernames },
    'GET /api/trades/incoming': { body: [incoming] },
    'GET /api/trades/outgoing': { body: [] },
    'GET /api/trades/users/7/cards': { body: collection.slice(0, 3) },
    'GET /api/trades/users/12/cards': { body: [bobsFrei] },
    ...extra,
  });
}

async function openIncoming() {
  const app = renderApp('/trade');
  await app.user.click(await screen.findByRole('tab', { name: 'Incoming' }));
  return app;
}

describe('counter-offers in the Trade Center', () => {
  it('opens the offer form the other way round, pre-filled, and sends what the user changed', async () => {
    // The server's Incoming as the counter changes it: the countered offer leaves it.
    let incomingNow = [incoming];
    const { calls } = setup({
      'GET /api/trades/incoming': () => ({ body: incomingNow }),
      'POST /api/trades/1/counter': () => {
        incomingNow = [];
        return {
          status: 201,
          body: makeOffer({
            id: 2,
            fromUser: { id: 7, username: 'alice' },
            toUser: { id: 12, username: 'bob' },
          }),
        };
      },
    });
    const { user } = await openIncoming();
    const offer = await screen.findByTestId('incoming-offer-1');
    await user.click(within(offer).getByRole('button', { name: 'Counter' }));

    const form = await screen.findByRole('form', { name: 'Counter-offer' });
    // Her Alba, which bob asked for, is what she offers; bob's Frei is what she asks for; his coins are asked.
    const offered = await within(form).findByRole('button', { name: /^Offer Jordi Alba/ });
    expect(offered).toHaveAttribute('aria-pressed', 'true');
    expect(await within(form).findByRole('button', { name: /^Ask for Stefan Frei/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(form).getByLabelText('Ask for coins')).toHaveValue(300);
    expect(within(form).getByText('Step 1 of at most 10 in this negotiation.')).toBeInTheDocument();

    // She keeps Alba, offers Herbers instead and asks for 500 coins.
    await user.click(offered);
    await user.click(within(form).getByRole('button', { name: /^Offer Fabian Herbers/ }));
    await user.clear(within(form).getByLabelText('Ask for coins'));
    await user.type(within(form).getByLabelText('Ask for coins'), '500');
    await user.click(within(form).getByRole('button', { name: 'Send Counter-Offer' }));

    expect(await screen.findByText('Counter-offer sent')).toBeInTheDocument();
    // The form closed, though the countered offer left Incoming (and emptied it) meanwhile.
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Counter-offer' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('No incoming trade offers')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/trades/1/counter');
    expect(sent?.body).toEqual({
      offeredCardIds: [106],
      coinOffer: 0,
      requestedCardIds: [201],
      requestedCoins: 500,
      note: '',
    });
    expect(new Headers(sent?.init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the form open", async () => {
    setup({
      'POST /api/trades/1/counter': { status: 409, body: { message: 'This offer is no longer pending' } },
    });
    const { user } = await openIncoming();
    await user.click(
      within(await screen.findByTestId('incoming-offer-1')).getByRole('button', { name: 'Counter' }),
    );
    const form = await screen.findByRole('form', { name: 'Counter-offer' });
    await within(form).findByRole('button', { name: /^Offer Jordi Alba/ });
    await user.click(within(form).getByRole('button', { name: 'Send Counter-Offer' }));
    expect(await screen.findByText('This offer is no longer pending')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Counter-offer' })).toBeInTheDocument();
  });

  it('a counter shows as one negotiation thread, and the tenth counter cannot be countered', async () => {
    const last = makeOffer({ id: 30, counterOf: 29, threadId: 20, threadStep: 10, cards: [bobsFrei] });
    const thread = [
      makeOffer({
        id: 20,
        threadId: 20,
        status: 'countered',
        fromUser: { id: 7, username: 'alice' },
        toUser: { id: 12, username: 'bob' },
      }),
      makeOffer({ id: 30, counterOf: 20, threadId: 20, threadStep: 1, note: 'final answer' }),
    ];
    setup({ 'GET /api/trades/incoming': { body: [last] }, 'GET /api/trades/30/thread': { body: thread } });
    const { user } = await openIncoming();
    const offer = await screen.findByTestId('incoming-offer-30');
    expect(within(offer).getByText('countered your offer')).toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: 'Counter' })).not.toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Accept' })).toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: /Negotiation \(11 offers\)/ }));
    const steps = within(await within(offer).findByRole('list', { name: 'Negotiation' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Offer by alice · Countered',
      'Counter 1 by bob · Open',
    ]);
    expect(within(steps[1]!).getByText('“final answer”')).toBeInTheDocument();
  });
});
