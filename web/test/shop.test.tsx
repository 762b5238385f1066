import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FLIP_DURATION_MS } from '@/components/cards/FlipCard';
import type { PackCard } from '@touchline/contract';
import { PACK_GLOW_MS, PACK_OPEN_DELAY_MS, REFUND_TOAST_DELAY_MS } from '@/features/shop/utils';
import { SETTLE_INTERVAL_MS } from '@/lib/pending';

import { makeCard, players } from './card-fixtures';
import { cardPacks, coinPackages, legendaryPackCards, plainPackCards } from './economy-fixtures';
import {
  makeUser,
  mockFetch,
  renderApp,
  type MockResponse,
  type RecordedCall,
  type RouteHandlers,
} from './utils';

interface SetupOptions {
  coins?: number;
  purchase?: MockResponse | ((body: unknown) => MockResponse);
  extra?: RouteHandlers;
}

/** A shop whose purchase answer sets the balance the user and balance calls report. */
function setup({ coins: startCoins = 10_000, purchase, extra = {} }: SetupOptions = {}) {
  let coins = startCoins;
  return mockFetch({
    'GET /api/user': () => ({ body: makeUser({ coins }) }),
    'GET /api/user/balance': () => ({ body: { coins } }),
    'GET /api/user/cards': { body: [] },
    'GET /api/coin-packages': { body: coinPackages },
    'GET /api/packs': { body: cardPacks },
    'POST /api/packs/purchase': (body) => {
      const response = typeof purchase === 'function' ? purchase(body) : purchase;
      if (!response) return { status: 500, body: { message: 'no purchase handler' } };
      const remaining = (response.body as { remainingCoins?: number } | undefined)?.remainingCoins;
      if (typeof remaining === 'number') coins = remaining;
      return response;
    },
    ...extra,
  });
}

function bought(cards: PackCard[], price: number, remainingCoins: number): MockResponse {
  return { body: { message: 'Pack purchased', cards, coinsSpent: price, remainingCoins } };
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

const pack = (name: string) => screen.getByRole('listitem', { name });

async function buyPack(user: ReturnType<typeof renderApp>['user'], name: string) {
  await screen.findByRole('list', { name: 'Card packs' });
  await user.click(within(pack(name)).getByRole('button', { name: 'Buy Pack' }));
  const confirm = await screen.findByRole('alertdialog', { name: `Buy ${name}?` });
  await user.click(within(confirm).getByRole('button', { name: /^Buy for/ }));
}

describe('shop page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the balance, coin packages, the promo card and the packs with their odds', async () => {
    setup();
    renderApp('/shop');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Current balance' });
    expect(await within(balance).findByText('10,000')).toBeInTheDocument();

    const buyCoins = screen.getByRole('region', { name: 'Buy Coins' });
    expect(await within(buyCoins).findAllByRole('button', { name: 'Buy Now' })).toHaveLength(5);
    const rareRoll = within(buyCoins).getByRole('listitem', { name: 'Rare Roll' });
    expect(within(rareRoll).getByText('$20.00')).toBeInTheDocument();
    expect(within(rareRoll).getByText('50,000')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Redeem Promo Code/ })).toHaveAttribute(
      'href',
      '/purchase-coins?tab=redeem',
    );

    await screen.findByRole('list', { name: 'Card packs' });
    const common = pack('Common Pack');
    expect(
      within(common).getByText('Three cards to fill out your squad, with a shot at an Epic.'),
    ).toBeInTheDocument();
    expect(within(common).getByText('Common')).toBeInTheDocument();
    expect(within(common).getByText('3 cards')).toBeInTheDocument();
    expect(within(common).getByText('600')).toBeInTheDocument();
    expect(within(common).getByText('80% Common · 17% Rare · 3% Epic')).toBeInTheDocument();
    expect(within(common).getByRole('img', { name: 'Common Pack art' })).toHaveAttribute(
      'data-tier',
      'Common',
    );
    expect(
      within(pack('Rare Pack')).getByText('45% Common · 45% Rare · 9% Epic · 1% Legendary'),
    ).toBeInTheDocument();
    expect(within(pack('Ultra Legendary Pack')).getByRole('img')).toHaveAttribute(
      'data-tier',
      'Ultra Legendary',
    );
  });

  it("disables the pack button as 'Add More Coins' when the coins are below the price", async () => {
    setup({ coins: 3_000 });
    renderApp('/shop');
    await screen.findByRole('list', { name: 'Card packs' });

    await waitFor(() =>
      expect(
        within(pack('Ultra Legendary Pack')).getByRole('button', { name: 'Add More Coins' }),
      ).toBeDisabled(),
    );
    expect(
      within(pack('Ultra Legendary Pack')).queryByRole('button', { name: 'Buy Pack' }),
    ).not.toBeInTheDocument();
    // Exactly the price is enough.
    expect(within(pack('Rare Pack')).getByRole('button', { name: 'Buy Pack' })).toBeEnabled();
    expect(within(pack('Common Pack')).getByRole('button', { name: 'Buy Pack' })).toBeEnabled();
  });

  it('leads Buy Now to /purchase-coins and the promo card to the redeem tab', async () => {
    setup();
    const { user, router } = renderApp('/shop');

    await user.click(await screen.findByRole('link', { name: /Redeem Promo Code/ }));
    expect(router.state.location.pathname).toBe('/purchase-coins');
    expect(router.state.location.search).toBe('?tab=redeem');
    expect(await screen.findByRole('tab', { name: 'Redeem' })).toHaveAttribute('aria-selected', 'true');

    await act(() => router.navigate('/shop'));
    const [first] = await screen.findAllByRole('button', { name: 'Buy Now' });
    await user.click(first!);
    expect(router.state.location.pathname).toBe('/purchase-coins');
    expect(router.state.location.search).toBe('');
  });

  it("shows 'Error Loading Card Packs' with the message", async () => {
    setup({ extra: { 'GET /api/packs': { status: 503, body: { message: 'Packs unavailable' } } } });
    renderApp('/shop');

    expect(await screen.findByText('Error Loading Card Packs')).toBeInTheDocument();
    expect(screen.getByText('Packs unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows 'No Card Packs Available' when there are none", async () => {
    setup({ extra: { 'GET /api/packs': { body: [] } } });
    renderApp('/shop');

    expect(await screen.findByText('No Card Packs Available')).toBeInTheDocument();
  });
});

describe('buying and opening a pack', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a pending purchase says so, asks again with the same key, and opens the pack once it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pendingMessage =
      'Your pack purchase is being confirmed. Your cards will appear in your collection shortly.';
    let asked = 0;
    const { calls } = setup({
      purchase: () => {
        asked += 1;
        return asked === 1
          ? { status: 202, body: { status: 'pending', message: pendingMessage } }
          : bought(plainPackCards, 600, 9_400);
      },
    });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Common Pack');
    expect(await screen.findByText('Pack purchase pending')).toBeInTheDocument();
    expect(screen.getByText(pendingMessage)).toBeInTheDocument();
    expect(screen.queryByText('Failed to purchase pack')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(SETTLE_INTERVAL_MS));
    expect(await screen.findByText('Pack Purchased!')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Common Pack' })).toBeInTheDocument();
    const keys = callsTo(calls, 'POST', '/api/packs/purchase').map(
      (call) => (call.init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('buys with an Idempotency-Key, opens the modal and reveals the cards one at a time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup({ purchase: bought(plainPackCards, 600, 9_400) });
    const { user, queryClient } = renderApp('/shop');
    queryClient.setQueryData(['cards', 'user'], []);

    await buyPack(user, 'Common Pack');

    expect(await screen.findByText('Pack Purchased!')).toBeInTheDocument();
    const purchase = callsTo(calls, 'POST', '/api/packs/purchase');
    expect(purchase).toHaveLength(1);
    expect(purchase[0]!.body).toEqual({ packId: 1 });
    expect((purchase[0]!.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(screen.getByText('Balance: 9,400')).toBeInTheDocument();
    expect(queryClient.getQueryState(['cards', 'user'])?.isInvalidated).toBe(true);

    const dialog = await screen.findByRole('dialog', { name: 'Common Pack' });
    expect(within(dialog).getByRole('img', { name: 'Common Pack art' })).toHaveAttribute(
      'data-tier',
      'Common',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Open Pack' }));
    expect(within(dialog).queryByText(/Card 1 of/)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PACK_OPEN_DELAY_MS));

    expect(within(dialog).getByText('Card 1 of 3')).toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('data-glow');
    expect(within(dialog).getByRole('button', { name: 'Previous card' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next card' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();

    const card = within(dialog).getByRole('button', { pressed: false });
    expect(card).toHaveAttribute('data-state', 'hidden');
    await user.click(card);
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    expect(within(dialog).getByRole('button', { pressed: true })).toHaveAttribute('data-state', 'revealed');
    expect(within(dialog).getByText('1 of 3 revealed')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next card' }));
    expect(within(dialog).getByText('Card 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { pressed: false })).toHaveAttribute('data-state', 'hidden');
    await user.click(within(dialog).getByRole('button', { name: 'Next card' }));
    expect(within(dialog).getByText('Card 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next card' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous card' }));
    expect(within(dialog).getByText('Card 2 of 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('region', { name: 'Pack summary' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before buying, with the price and the balance after; Cancel buys nothing', async () => {
    const { calls } = setup({ purchase: bought(plainPackCards, 600, 9_400) });
    const { user } = renderApp('/shop');
    await screen.findByRole('list', { name: 'Card packs' });
    await screen.findByText('Balance: 10,000');

    await user.click(within(pack('Common Pack')).getByRole('button', { name: 'Buy Pack' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Buy Common Pack?' });
    expect(within(confirm).getByText('You pay').nextSibling).toHaveTextContent('600');
    expect(within(confirm).getByText('You get').nextSibling).toHaveTextContent('3 cards');
    expect(within(confirm).getByText('Balance after').nextSibling).toHaveTextContent('9,400');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', '/api/packs/purchase')).toHaveLength(0);
  });

  it('sums up the pack: value against price, the best pull, and New on players not held before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({
      purchase: bought(plainPackCards, 600, 9_400),
      // The collection held Brad Guzan before the pack.
      extra: {
        'GET /api/user/cards': {
          body: [makeCard({ id: 104, player: players.guzan, acquiredAt: '2026-03-04T18:00:00.000Z' })],
        },
      },
    });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Common Pack');
    const dialog = await screen.findByRole('dialog', { name: 'Common Pack' });
    await user.click(within(dialog).getByRole('button', { name: 'Open Pack' }));
    act(() => vi.advanceTimersByTime(PACK_OPEN_DELAY_MS));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const summary = within(dialog).getByRole('region', { name: 'Pack summary' });
    // 240 + 1,180 + 960 coins of cards for 600.
    expect(within(summary).getByText('Total value').nextSibling).toHaveTextContent('2,380');
    expect(within(summary).getByText('Price paid').nextSibling).toHaveTextContent('600');
    expect(within(summary).getByText('+1,780 coins')).toBeInTheDocument();
    const cards = within(summary).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Fabian Herbers, new',
      'Brad Guzan, best pull',
      'Stefan Frei, new',
    ]);
    expect(within(summary).getByText('2 players new to your collection')).toBeInTheDocument();
  });

  it('shows no arrows for a single card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ purchase: bought(plainPackCards.slice(0, 1), 600, 9_400) });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Common Pack');
    const dialog = await screen.findByRole('dialog', { name: 'Common Pack' });
    await user.click(within(dialog).getByRole('button', { name: 'Open Pack' }));
    act(() => vi.advanceTimersByTime(PACK_OPEN_DELAY_MS));

    expect(within(dialog).getByText('Card 1 of 1')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next card' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Previous card' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('glows for 3 seconds when a Legendary card is in the pack', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ purchase: bought(legendaryPackCards, 3_000, 7_000) });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Rare Pack');
    const dialog = await screen.findByRole('dialog', { name: 'Rare Pack' });
    expect(within(dialog).getByRole('img', { name: 'Rare Pack art' })).toHaveAttribute('data-tier', 'Rare');
    await user.click(within(dialog).getByRole('button', { name: 'Open Pack' }));
    expect(dialog).not.toHaveAttribute('data-glow');

    act(() => vi.advanceTimersByTime(PACK_OPEN_DELAY_MS));
    expect(within(dialog).getByText('Card 1 of 2')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-glow', 'true');
    expect(within(dialog).getByTestId('pack-glow')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PACK_GLOW_MS - 50));
    expect(dialog).toHaveAttribute('data-glow', 'true');
    act(() => vi.advanceTimersByTime(50));
    expect(dialog).not.toHaveAttribute('data-glow');
    expect(within(dialog).queryByTestId('pack-glow')).not.toBeInTheDocument();
  });

  it("toasts 'Unable to purchase pack', refreshes the user and after a second 'Coins Refunded'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const message = 'Minting failed. Your 600 coins were refunded.';
    const { calls } = setup({
      purchase: { status: 422, body: { success: false, message, remainingCoins: 10_000, refunded: true } },
    });
    const { user } = renderApp('/shop');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user')).toHaveLength(1));

    await buyPack(user, 'Common Pack');

    expect(await screen.findByText('Unable to purchase pack')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Coins Refunded')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/user')).toHaveLength(2));

    act(() => vi.advanceTimersByTime(REFUND_TOAST_DELAY_MS));

    expect(await screen.findByText('Coins Refunded')).toBeInTheDocument();
    expect(screen.getByText('Your balance is 10,000 coins.')).toBeInTheDocument();
  });

  it("toasts 'Failed to purchase pack' with the message otherwise, and no refund", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ purchase: { status: 422, body: { message: 'Not enough coins to buy this pack' } } });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Common Pack');

    expect(await screen.findByText('Failed to purchase pack')).toBeInTheDocument();
    expect(screen.getByText('Not enough coins to buy this pack')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(REFUND_TOAST_DELAY_MS * 2));
    expect(screen.queryByText('Coins Refunded')).not.toBeInTheDocument();
    expect(screen.queryByText('Unable to purchase pack')).not.toBeInTheDocument();
  });

  it('sends a fresh Idempotency-Key with every purchase', async () => {
    const { calls } = setup({ purchase: bought(plainPackCards, 600, 9_400) });
    const { user } = renderApp('/shop');

    await buyPack(user, 'Common Pack');
    const dialog = await screen.findByRole('dialog', { name: 'Common Pack' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await buyPack(user, 'Common Pack');
    await screen.findByRole('dialog', { name: 'Common Pack' });

    const keys = callsTo(calls, 'POST', '/api/packs/purchase').map(
      (call) => (call.init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
