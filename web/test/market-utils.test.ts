import { describe, expect, it } from 'vitest';

import {
  filterMarketItems,
  filterPlayers,
  formatStockChange,
  groupPlayersByTeam,
  listingAction,
  positionParam,
} from '@/features/market/utils';
import {
  formatTradeDate,
  historyRows,
  profitLossCell,
  tradeProfitLossCell,
  tradeTypeLabel,
} from '@/features/trade-history/utils';

import { players } from './card-fixtures';
import { makeMarketItem, makeTrade } from './market-fixtures';

describe('stock market helpers', () => {
  it('shows the change with sign and two decimals, 0% when missing', () => {
    expect(formatStockChange(1.25)).toBe('+1.25%');
    expect(formatStockChange(-0.4)).toBe('-0.40%');
    expect(formatStockChange(12.345)).toBe('+12.35%');
    expect(formatStockChange(undefined)).toBe('0%');
    expect(formatStockChange(null)).toBe('0%');
    expect(formatStockChange(Number.NaN)).toBe('0%');
    expect(formatStockChange(0)).toBe('0%');
  });

  it('groups players by team name, alphabetically, with Unknown Team as fallback', () => {
    const nameless = { ...players.frei, id: 999, team: { ...players.frei.team, name: '' } };
    const groups = groupPlayersByTeam([players.messi, players.guzan, nameless, players.alba]);
    expect(groups.map((group) => [group.name, group.players.map((p) => p.name)])).toEqual([
      ['Atlanta United FC', ['Brad Guzan']],
      ['Inter Miami CF', ['Lionel Messi', 'Jordi Alba']],
      ['Unknown Team', ['Stefan Frei']],
    ]);
    expect(groups[2]!.team).toBeNull();
  });

  it('filters and sorts players like the server', () => {
    const all = [players.herbers, players.messi, players.guzan, players.frei];
    expect(filterPlayers(all, 'All', '', 'price_desc').map((p) => p.id)).toEqual([1, 338, 402, 485]);
    expect(filterPlayers(all, 'All', '', 'price_asc').map((p) => p.id)).toEqual([485, 402, 338, 1]);
    expect(filterPlayers(all, 'All', '', 'change').map((p) => p.id)).toEqual([1, 338, 402, 485]);
    expect(filterPlayers(all, 'All', '', 'name').map((p) => p.name)).toEqual([
      'Brad Guzan',
      'Fabian Herbers',
      'Lionel Messi',
      'Stefan Frei',
    ]);
    expect(filterPlayers(all, 'Goalkeepers', 'FREI', 'name').map((p) => p.name)).toEqual(['Stefan Frei']);
  });
});

describe('market listings', () => {
  it('maps the position chips to the API parameter', () => {
    expect(positionParam('All')).toBeNull();
    expect(positionParam('Forwards')).toBe('Forward');
    expect(positionParam('Goalkeepers')).toBe('Goalkeeper');
  });

  it('picks the action by owner and market hours', () => {
    expect(listingAction({ userId: 0 }, 7, true)).toBe('buy');
    expect(listingAction({ userId: 0 }, 7, undefined)).toBe('buy');
    expect(listingAction({ userId: 0 }, 7, false)).toBe('closed');
    expect(listingAction({ userId: 9 }, 7, false)).toBe('trade');
    expect(listingAction({ userId: 7 }, 7, true)).toBe('own');
  });

  it('sorts listings by their price, not the player price', () => {
    const items = [
      makeMarketItem({ id: 1, player: players.guzan, userId: 9, price: 5_000 }),
      makeMarketItem({ id: 2, player: players.alba }),
      makeMarketItem({ id: 3, player: players.herbers }),
    ];
    expect(filterMarketItems(items, 'All', '', 'price_asc').map((i) => i.id)).toEqual([3, 1, 2]);
    expect(filterMarketItems(items, 'All', '', 'price_desc').map((i) => i.id)).toEqual([2, 1, 3]);
    expect(filterMarketItems(items, 'All', '', 'change').map((i) => i.id)).toEqual([1, 2, 3]);
    expect(filterMarketItems(items, 'Defenders', '', 'price_asc').map((i) => i.id)).toEqual([2]);
  });
});

describe('trade history helpers', () => {
  it("formats dates as MM/dd HH:mm, 'N/A' when missing and 'Invalid' when unparseable", () => {
    const local = new Date(2026, 2, 6, 9, 5);
    expect(formatTradeDate(local.toISOString())).toBe('03/06 09:05');
    expect(formatTradeDate(null)).toBe('N/A');
    expect(formatTradeDate(undefined)).toBe('N/A');
    expect(formatTradeDate('')).toBe('N/A');
    expect(formatTradeDate('yesterday')).toBe('Invalid');
  });

  it('labels the trade types', () => {
    expect(tradeTypeLabel('market_sale')).toBe('Market Sale');
    expect(tradeTypeLabel('market_buy')).toBe('Market Buy');
    expect(tradeTypeLabel('trade')).toBe('Trade');
    expect(tradeTypeLabel('swap')).toBe('swap');
  });

  it('shows P/L only to the seller: plus when above 0, red otherwise', () => {
    expect(profitLossCell({ sellerUserId: 7, profitLoss: 1234 }, 7)).toEqual({ text: '+1,234', trend: 'up' });
    expect(profitLossCell({ sellerUserId: 7, profitLoss: -50 }, 7)).toEqual({ text: '-50', trend: 'down' });
    expect(profitLossCell({ sellerUserId: 7, profitLoss: 0 }, 7)).toEqual({ text: '0', trend: 'down' });
    expect(profitLossCell({ sellerUserId: 8, profitLoss: 100 }, 7)).toBeNull();
    expect(profitLossCell({ sellerUserId: 0, profitLoss: 100 }, undefined)).toBeNull();
    // A card given in a trade with no coins paid for it has no P/L: no red '0'.
    expect(profitLossCell({ sellerUserId: 7, profitLoss: 0, salePrice: 0 }, 7)).toBeNull();
    expect(profitLossCell({ sellerUserId: 7, profitLoss: 20, salePrice: 120 }, 7)).toEqual({
      text: '+20',
      trend: 'up',
    });
  });

  it("gathers a trade's rows into one, in the place of its newest row", () => {
    const exchange = (offerId: number) => ({
      offerId,
      fromUser: { id: 7, username: 'alice' },
      toUser: { id: 8, username: 'bob' },
      offeredCards: [],
      offeredCoins: 0,
      requestedCards: [],
      requestedCoins: 0,
    });
    const rows = historyRows([
      makeTrade({ id: 5, tradeType: 'trade', trade: exchange(2) }),
      makeTrade({ id: 4 }),
      makeTrade({ id: 3, tradeType: 'trade', trade: exchange(2) }),
      makeTrade({ id: 2, tradeType: 'trade', trade: exchange(1) }),
    ]);
    expect(
      rows.map((r) =>
        r.kind === 'trade' ? `trade ${r.records.map((x) => x.id).join(',')}` : `sale ${r.record.id}`,
      ),
    ).toEqual(['trade 5,3', 'sale 4', 'trade 2']);
    expect(
      tradeProfitLossCell([makeTrade({ id: 1, sellerUserId: 7, salePrice: 0, profitLoss: 0 })], 7),
    ).toBeNull();
    expect(
      tradeProfitLossCell(
        [
          makeTrade({ id: 1, sellerUserId: 7, salePrice: 50, profitLoss: -30 }),
          makeTrade({ id: 2, sellerUserId: 7, salePrice: 50, profitLoss: 10 }),
          makeTrade({ id: 3, sellerUserId: 8, salePrice: 50, profitLoss: 99 }),
        ],
        7,
      ),
    ).toEqual({ text: '-20', trend: 'down' });
  });
});
