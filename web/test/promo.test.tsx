import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PromoRedeemResult as PromoRedeemResponse } from '@touchline/contract';

import { FLIP_DURATION_MS } from '@/components/cards/FlipCard';

import { makeCard, players } from './card-fixtures';
import { generatedCards } from './economy-fixtures';
import { makeUser, mockFetch, renderApp, type MockResponse, type RecordedCall } from './utils';

const REDEEMED_AT = '2026-03-08T12:00:00.000Z';

/** The user's coins follow the redeem answer's balance, as on the server. */
function setup(redeem: MockResponse | ((body: unknown) => MockResponse)) {
  let coins = 10_000;
  return mockFetch({
    'GET /api/user': () => ({ body: makeUser({ coins }) }),
    'GET /api/user/balance': () => ({ body: { coins } }),
    'GET /api/user/cards': { body: [] },
    'GET /api/coin-packages': { body: [] },
    'POST /api/promo/redeem': (body) => {
      const response = typeof redeem === 'function' ? redeem(body) : redeem;
      const answer = response.body as { success?: boolean; coins?: number } | undefined;
      if (answer?.success && typeof answer.coins === 'number') coins = answer.coins;
      return response;
    },
  });
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

function success(reward: Partial<Extract<PromoRedeemResponse, { success: true }>['reward']>, coins = 10_000) {
  return {
    body: {
      success: true,
      message: 'Promo code redeemed!',
      reward: { coins: 0, card: null, packs: [], generatedCards: [], ...reward },
      coins,
    },
  };
}

async function redeemCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  const input = await screen.findByLabelText('Promo code');
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
}

describe('promo codes (/purchase-coins?tab=redeem)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Promo code is required' for an empty code and sends nothing", async () => {
    const { calls } = setup(success({ coins: 5_000 }));
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await user.click(await screen.findByRole('button', { name: 'Redeem Code' }));

    expect(screen.getByText('Promo code is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Promo code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    expect(screen.getByText('Promo code is required')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/promo/redeem')).toHaveLength(0);
  });

  it('shows the code in upper case and sends it so', async () => {
    const { calls } = setup(success({ coins: 5_000 }, 15_000));
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await user.type(await screen.findByLabelText('Promo code'), 'welcome2026');
    expect(screen.getByLabelText('Promo code')).toHaveValue('WELCOME2026');
    await user.click(screen.getByRole('button', { name: 'Redeem Code' }));

    await screen.findByText('Promo code redeemed!');
    const call = callsTo(calls, 'POST', '/api/promo/redeem')[0]!;
    expect(call.body).toEqual({ code: 'WELCOME2026' });
    expect((call.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('shows a coins reward and refreshes the user, not the cards', async () => {
    const { calls } = setup(success({ coins: 5_000 }, 15_000));
    const { user, queryClient } = renderApp('/purchase-coins?tab=redeem');
    queryClient.setQueryData(['cards', 'user'], []);

    await redeemCode(user, 'WELCOME2026');

    expect(await screen.findByText('Promo code redeemed!')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(within(dialog).getByText('+5,000 coins')).toBeInTheDocument();
    expect(screen.getByText('Balance: 15,000')).toBeInTheDocument();
    expect(queryClient.getQueryState(['cards', 'user'])?.isInvalidated).toBe(false);
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/api/user/cards')).toHaveLength(0);
  });

  it("lists at most 4 generated cards, then '+ n more cards', with the card and packs", async () => {
    const card = makeCard({ id: 450, player: players.messi, acquiredAt: '2026-03-08T12:00:00.000Z' });
    const { calls } = setup(
      success({ coins: 2_500, card, packs: [{ name: 'Rare Pack', quantity: 2 }], generatedCards }, 12_500),
    );
    const { user, queryClient } = renderApp('/purchase-coins?tab=redeem');
    queryClient.setQueryData(['cards', 'user'], []);

    await redeemCode(user, 'KICKOFF');

    // The cards are revealed first (the next test); 'Done' shows the rewards.
    const reveal = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(within(reveal).getByText('Card 1 of 7')).toBeInTheDocument();
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(within(dialog).getByText('+2,500 coins')).toBeInTheDocument();
    const cardReward = within(dialog).getByRole('region', { name: 'Card reward' });
    expect(within(cardReward).getByText('Lionel Messi')).toBeInTheDocument();
    const packs = within(dialog).getByRole('region', { name: 'Pack rewards' });
    expect(within(packs).getByText('Rare Pack')).toBeInTheDocument();
    expect(within(packs).getByText('× 2')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Generated cards list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByText('Fabian Herbers')).toBeInTheDocument();
    expect(within(list).queryByText('Jordi Alba')).not.toBeInTheDocument();
    expect(within(dialog).getByText('+ 2 more cards')).toBeInTheDocument();
    // The user's cards are refreshed: the cached list is marked stale and refetches when shown.
    expect(queryClient.getQueryState(['cards', 'user'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user')).toHaveLength(2));
  });

  it('reveals the cards one at a time like a pack, a Legendary walking out, then shows the rewards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const legend = makeCard({ id: 460, player: players.alba, acquiredAt: REDEEMED_AT });
    const rare = makeCard({ id: 461, player: players.guzan, acquiredAt: REDEEMED_AT });
    setup(success({ packs: [{ name: 'Rare Pack', quantity: 1 }], generatedCards: [rare, legend] }));
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await redeemCode(user, 'RAREPACK');

    const dialog = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(dialog).toHaveAttribute('data-stage', 'revealing');
    expect(within(dialog).getByText('2 cards inside')).toBeInTheDocument();
    expect(within(dialog).getByText('Card 1 of 2')).toBeInTheDocument();
    // Face down until tapped, and the rewards list waits.
    expect(within(dialog).getByRole('button', { pressed: false })).toHaveAttribute('data-state', 'hidden');
    expect(within(dialog).queryByRole('region', { name: 'Pack rewards' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { pressed: false }));
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    expect(within(dialog).getByText('1 of 2 revealed')).toBeInTheDocument();
    // A Rare does not walk out; the Legendary does.
    expect(within(dialog).queryByTestId('walkout')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next card' }));
    await user.click(within(dialog).getByRole('button', { pressed: false }));
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    const walkout = within(dialog).getByRole('region', { name: 'Legendary pull!' });
    expect(within(walkout).getAllByText('Jordi Alba').length).toBeGreaterThan(0);
    await user.click(within(walkout).getByRole('button', { name: 'Continue' }));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const rewards = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(rewards).toHaveAttribute('data-stage', 'rewards');
    expect(within(rewards).getByRole('region', { name: 'Pack rewards' })).toHaveTextContent('Rare Pack');
    expect(
      within(within(rewards).getByRole('list', { name: 'Generated cards list' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('closing the reveal skips to the rewards, which still list the cards', async () => {
    setup(
      success({ generatedCards: [makeCard({ id: 470, player: players.nwobodo, acquiredAt: REDEEMED_AT })] }),
    );
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await redeemCode(user, 'LEGEND');
    const reveal = await screen.findByRole('dialog', { name: 'Your Rewards' });
    expect(within(reveal).getByText('Card 1 of 1')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const rewards = await screen.findByRole('dialog', { name: 'Your Rewards' });
    await waitFor(() => expect(rewards).toHaveAttribute('data-stage', 'rewards'));
    expect(within(rewards).getByText('Obinna Nwobodo')).toBeInTheDocument();
  });

  it("'Redeem Another Code' closes the reward and resets the form", async () => {
    setup(success({ coins: 5_000 }, 15_000));
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await redeemCode(user, 'WELCOME2026');
    const dialog = await screen.findByRole('dialog', { name: 'Your Rewards' });

    await user.click(within(dialog).getByRole('button', { name: 'Redeem Another Code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Promo code')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Redeem Code' })).toBeEnabled();
  });

  it("toasts 'Failed to redeem' with the reason of a code turned down", async () => {
    setup({ body: { success: false, message: 'This promo code has expired' } });
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await redeemCode(user, 'EXPIRED2025');

    expect(await screen.findByText('Failed to redeem')).toBeInTheDocument();
    expect(screen.getByText('This promo code has expired')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toHaveValue('EXPIRED2025');
  });

  it("toasts 'Failed to redeem' when the call fails", async () => {
    setup({ status: 429, body: { message: 'Too many attempts, try again later' } });
    const { user } = renderApp('/purchase-coins?tab=redeem');

    await redeemCode(user, 'GUESS');

    expect(await screen.findByText('Failed to redeem')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts, try again later')).toBeInTheDocument();
  });
});
