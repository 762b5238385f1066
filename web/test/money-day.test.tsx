import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CashoutEligibility, CashoutRequirement, CreatePaymentIntentBody } from '@touchline/contract';

import { coinShortfall, shortfallText } from '@/lib/shortfall';
import { packageToSelect } from '@/lib/coins';

import { makeCard, players } from './card-fixtures';
import { cardPacks, coinPackages, makeIntent } from './economy-fixtures';
import { makeMarketItem, makeTrade, marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('issue 43 item 1: an action the balance cannot pay is not offered', () => {
  it('counts the missing coins, and leaves an unknown balance to the server', () => {
    expect(coinShortfall(9_903, 155_118)).toBe(145_215);
    expect(coinShortfall(10_000, 10_000)).toBe(0);
    expect(coinShortfall(undefined, 155_118)).toBe(0);
    expect(shortfallText(145_215)).toBe('You need 145,215 more coins');
    expect(shortfallText(1)).toBe('You need 1 more coin');
  });

  it('a market listing above the balance has a disabled Buy with what is missing and Purchase Coins', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser({ coins: 9_903 }) },
      'GET /api/market/status': { body: marketOpen },
      'GET /api/market': {
        body: [
          makeMarketItem({ id: 601, player: players.messi, price: 155_118 }),
          makeMarketItem({ id: 602, player: players.guzan, price: 1_300 }),
        ],
      },
    });
    const { user } = renderApp('/market');
    const dear = await screen.findByTestId('listing-601');
    const buy = within(dear).getByRole('button', { name: 'Buy' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(/^You need 145,215 more coins/);
    expect(within(dear).getByRole('link', { name: 'Purchase Coins' })).toHaveAttribute(
      'href',
      '/purchase-coins',
    );
    const cheap = screen.getByTestId('listing-602');
    expect(within(cheap).getByRole('button', { name: 'Buy' })).toBeEnabled();
    expect(within(cheap).queryByTestId('coin-shortfall')).not.toBeInTheDocument();

    // The card popup says the same: no 'Buy for' to press.
    await user.click(within(dear).getByRole('button', { name: /^Lionel Messi,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByRole('button', { name: /^Buy for 155,118/ })).toBeDisabled();
    expect(within(dialog).getByText('You need 145,215 more coins')).toBeInTheDocument();
  });

  it("a pack above the balance keeps the spec's disabled 'Add More Coins' and says how many coins", async () => {
    const dearest = [...cardPacks].sort((a, b) => b.price - a.price)[0]!;
    mockFetch({
      'GET /api/user': { body: makeUser({ coins: 100 }) },
      'GET /api/user/balance': { body: { coins: 100 } },
      'GET /api/coin-packages': { body: coinPackages },
      'GET /api/packs': { body: cardPacks },
    });
    renderApp('/shop');
    const pack = await screen.findByRole('listitem', { name: dearest.name });
    const button = within(pack).getByRole('button', { name: 'Add More Coins' });
    expect(button).toBeDisabled();
    expect(
      within(pack).getByText(`You need ${(dearest.price - 100).toLocaleString('en-US')} more coins`),
    ).toBeInTheDocument();
    expect(within(pack).getByRole('link', { name: 'Purchase Coins' })).toHaveAttribute(
      'href',
      '/purchase-coins',
    );
  });
});

const requirement = (
  id: CashoutRequirement['id'],
  state: CashoutRequirement['state'] = 'met',
  detail: string | null = null,
  needed: number | null = null,
): CashoutRequirement => ({ id, state, detail, needed });

const eligibility = (requirements: CashoutRequirement[], maxCoins = 150_000): CashoutEligibility => ({
  eligible: requirements.every((r) => r.state !== 'unmet'),
  reasons: requirements.filter((r) => r.state === 'unmet').map((r) => r.detail ?? ''),
  minCoins: 12_920,
  minCash: 5,
  coinsPerDollar: 2273,
  payoutRate: 0.88,
  purchaseCount: 3,
  purchaseTotal: 60,
  requestedThisMonth: false,
  coins: 150_000,
  nextRequestFrom: null,
  requirements,
  maxCoins,
});

const ALL_MET = [
  requirement('minimum_balance'),
  requirement('purchases'),
  requirement('purchase_total'),
  requirement('monthly'),
  requirement('platform_funds'),
  requirement('processing', 'not_applicable'),
];
const TOO_LOW = 'Your total purchases ($60.00) must exceed the cashout amount ($61.94)';
const FUNDS_SHORT =
  'The platform does not have sufficient funds for this cashout right now. Please try a smaller amount or try again later.';

function cashoutSetup(answer: (coins: string | null) => CashoutEligibility) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ coins: 200_000 }) },
    'GET /api/user/balance': { body: { coins: 200_000 } },
    'GET /api/cashout/requests': { body: [] },
    'GET /api/cashout/eligibility': (_body, url) => ({ body: answer(url.searchParams.get('coins')) }),
  });
}

describe('issue 43 item 5: the cash-out requirements follow the amount typed', () => {
  it('asks the wallet for the amount; above the ceiling the purchase line fails and submit stays off', async () => {
    const { calls } = cashoutSetup((coins) =>
      Number(coins) > 154_977
        ? eligibility(
            ALL_MET.map((r) =>
              r.id === 'purchase_total' ? requirement('purchase_total', 'unmet', TOO_LOW, 1.95) : r,
            ),
          )
        : eligibility(ALL_MET),
    );
    const { user } = renderApp('/cashout');
    const amount = await screen.findByLabelText('Coins Amount');
    await user.type(screen.getByLabelText('PayPal Email'), 'alice@paypal.example');
    await user.type(amount, '100000');
    const submit = screen.getByRole('button', { name: 'Request Cashout' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(callsTo(calls, 'GET', '/api/cashout/eligibility').map((c) => c.search)).toContain('?coins=100000');

    await user.clear(amount);
    await user.type(amount, '160000');
    await waitFor(() =>
      expect(screen.getByTestId('requirement-purchase_total')).toHaveAttribute('data-state', 'unmet'),
    );
    expect(screen.getByTestId('requirement-purchase_total')).toHaveTextContent(
      'Needs $1.95 more in purchases',
    );
    expect(screen.getByTestId('cashout-blocker')).toHaveTextContent(`You cannot cash out yet. ${TOO_LOW}`);
    expect(submit).toBeDisabled();
  });

  it("short platform funds are not the player's requirement: a plain 'paused' note, the line as information", async () => {
    cashoutSetup(() =>
      eligibility(
        ALL_MET.map((r) =>
          r.id === 'platform_funds' ? requirement('platform_funds', 'unmet', FUNDS_SHORT) : r,
        ),
        0,
      ),
    );
    renderApp('/cashout');
    const paused = await screen.findByTestId('cashout-paused');
    expect(paused).toHaveTextContent(`Cash-outs are paused right now. ${FUNDS_SHORT}`);
    expect(screen.queryByTestId('cashout-blocker')).not.toBeInTheDocument();
    const line = screen.getByTestId('requirement-platform_funds');
    expect(line).toHaveAttribute('data-state', 'not_applicable');
    expect(line).toHaveTextContent('Information: The platform needs sufficient funds');
  });

  it('previews nothing for an amount the form refuses', async () => {
    cashoutSetup(() => eligibility(ALL_MET, 50_000));
    const { user } = renderApp('/cashout');
    await user.type(await screen.findByLabelText('Coins Amount'), '60000');
    await screen.findByText('Above your cash-out limit');
    expect(
      within(screen.getByRole('region', { name: 'Cash preview' })).getByText('$0.00'),
    ).toBeInTheDocument();
  });
});

describe('issue 43 item 6: Purchase Coins within the monthly spending limit', () => {
  it('selects no more than the limit allows, so no payment intent is refused on arrival', () => {
    const ids = (remaining: number | null) => packageToSelect(coinPackages, null, remaining)?.id;
    expect(ids(null)).toBe('rare-roll');
    expect(ids(20)).toBe('rare-roll');
    expect(ids(15)).toBe('starter-stack');
    expect(ids(5)).toBeUndefined();
    // A shop 'Buy Now' above the limit falls back too.
    expect(packageToSelect(coinPackages, 'ultra-stack', 40)?.id).toBe('rare-roll');
    expect(packageToSelect(coinPackages, 'starter-stack', 40)?.id).toBe('starter-stack');
  });

  function limitSetup(remaining: number | null, extra: RouteHandlers = {}) {
    return mockFetch({
      'GET /api/user': { body: makeUser({ coins: 10_000 }) },
      'GET /api/user/balance': { body: { coins: 10_000 } },
      'GET /api/coin-packages': { body: coinPackages },
      'GET /api/user/spending-limit': {
        body: {
          monthlyLimit: remaining === null ? null : 50,
          pending: null,
          spentThisMonth: remaining === null ? 0 : 50 - remaining,
          remaining,
        },
      },
      'POST /api/create-payment-intent': (body) => ({
        body: makeIntent(coinPackages.find((pkg) => pkg.id === (body as CreatePaymentIntentBody).packageId)!),
      }),
      ...extra,
    });
  }

  it('marks the packages above what is left, shows the amount left, and asks an intent only for one that fits', async () => {
    const { calls } = limitSetup(15);
    renderApp('/purchase-coins');
    expect(await screen.findByTestId('remaining-limit')).toHaveTextContent(
      'Spending limit: $15.00 left this month',
    );
    const rare = screen.getByTestId('package-rare-roll');
    expect(within(rare).getByRole('radio')).toBeDisabled();
    expect(rare).toHaveTextContent('Above your remaining spending limit');
    expect(within(screen.getByTestId('package-starter-stack')).getByRole('radio')).toBeChecked();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/create-payment-intent')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/create-payment-intent')[0]!.body).toMatchObject({
      packageId: 'starter-stack',
    });
    expect(screen.queryByText('Failed to initialize payment')).not.toBeInTheDocument();
  });

  it('with nothing left, no package is selected and no payment is started', async () => {
    const { calls } = limitSetup(5);
    renderApp('/purchase-coins');
    expect(
      await screen.findByText('No package fits what is left of your monthly spending limit.'),
    ).toBeInTheDocument();
    for (const pkg of coinPackages)
      expect(within(screen.getByTestId(`package-${pkg.id}`)).getByRole('radio')).toBeDisabled();
    expect(callsTo(calls, 'POST', '/api/create-payment-intent')).toHaveLength(0);
  });
});

describe('issue 43 item 11: honest numbers', () => {
  it('a card that cost nothing shows no profit; a bought one shows it against its cost', async () => {
    const free = makeCard({
      id: 901,
      player: players.messi,
      acquiredAt: '2026-03-03T10:00:00.000Z',
      profitLoss: players.messi.currentPrice,
    });
    const bought = makeCard({
      id: 902,
      player: players.alba,
      acquiredAt: '2026-03-03T10:00:00.000Z',
      profitLoss: 500,
    });
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: [free, bought] },
      'GET /api/teams/with-player-counts': { body: [] },
    });
    const { user } = renderApp('/collection');
    await user.click(await screen.findByRole('tab', { name: 'Grid View' }));
    await user.click(screen.getByRole('button', { name: /^Lionel Messi,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByTestId('no-cost')).toHaveTextContent('No cost paid');
    expect(within(dialog).queryByText(/^\+.* coins$/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /^Jordi Alba,/ }));
    const second = await screen.findByRole('dialog', { name: 'Jordi Alba' });
    expect(within(second).getByText('+500 coins')).toBeInTheDocument();
  });

  it('the trade history gives each card its serial, as every card shows it', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser({ id: 7 }) },
      'GET /api/trade-history': {
        body: { items: [makeTrade({ id: 1, editionNumber: 21, maxEditions: 5000 })], nextCursor: null },
      },
      'GET /api/trade-history/user': { body: { items: [], nextCursor: null } },
    });
    renderApp('/trade-history');
    const row = await screen.findByTestId('trade-1');
    expect(within(row).getByTestId('serial')).toHaveTextContent('#21 of 5000');
  });
});

describe('issue 43 item 14: findability', () => {
  it('the balance pill opens the wallet: balance, held coins, and every way in to money', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser({ coins: 12_345, badges: [] }) },
      'GET /api/user/balance': { body: { coins: 12_345, heldCoins: 2_000 } },
      'GET /api/user/spending-limit': {
        body: { monthlyLimit: 50, pending: null, spentThisMonth: 20, remaining: 30 },
      },
      'GET /api/market/status': { body: marketOpen },
      'GET /api/market': { body: [] },
    });
    const { user, router } = renderApp('/market');
    const pill = await screen.findByRole('button', { name: 'Balance: 12,345' });
    expect(pill).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(pill);
    const sheet = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(await within(sheet).findByText('2,000')).toBeInTheDocument();
    expect(within(sheet).getByText('12,345')).toBeInTheDocument();
    const links = within(within(sheet).getByRole('navigation', { name: 'Wallet actions' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Buy coins', '/purchase-coins'],
      ['Cash out', '/cashout'],
      ['Promo code', '/purchase-coins?tab=redeem'],
      ['Spending limit', '/profile?tab=settings'],
    ]);
    expect(await within(sheet).findByTestId('wallet-limit')).toHaveTextContent(
      'Spending limit $50.00 a month: $30.00 left',
    );
    await user.click(within(sheet).getByRole('link', { name: 'Cash out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashout'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wallet' })).not.toBeInTheDocument());
  });

  function homeSetup(badges: { name: string; description: string; icon: string; earnedAt: string }[]) {
    return mockFetch({
      'GET /api/user': { body: makeUser({ badges }) },
      'GET /api/user/cards': { body: [] },
      'GET /api/user/starter-pack': { body: [] },
      'GET /api/packs': { body: cardPacks },
      'GET /api/market/trending': { body: [] },
      'GET /api/missions': { body: [] },
    });
  }

  it("a new player's Home leads to their first pack, with the cheapest pack's price", async () => {
    homeSetup([]);
    renderApp('/');
    const first = await screen.findByRole('region', { name: 'Open your first pack' });
    const cheapest = [...cardPacks].sort((a, b) => a.price - b.price)[0]!;
    expect(
      await within(first).findByText(new RegExp(`The ${cheapest.name} holds ${cheapest.packSize} new cards`)),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Choose your first pack' })).toHaveAttribute(
      'href',
      '/shop',
    );
  });

  it('a player who opened a pack is not asked again', async () => {
    homeSetup([
      {
        name: 'Pack Opener',
        description: 'Opened your first pack',
        icon: 'sparkles',
        earnedAt: '2026-11-01',
      },
    ]);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Touchline' });
    expect(screen.queryByRole('region', { name: 'Open your first pack' })).not.toBeInTheDocument();
  });
});
