import { describe, expect, it } from 'vitest';

import {
  estimatedProceeds,
  filterMarketItems,
  filterPlayers,
  formatStockChange,
  groupPlayersByTeam,
  isValidSellPrice,
  listingAction,
  positionParam,
  sellFee,
  sellFeePercent,
  sellPriceBounds,
} from '@/features/market/utils';
import { formatTradeDate, profitLossCell, tradeTypeLabel } from '@/features/trade-history/utils';

import { players } from './card-fixtures';
import { makeMarketItem } from './market-fixtures';

describe('selling rules', () => {
  it('bounds the price to 50% rounded down and 150% rounded up of the current price', () => {
    expect(sellPriceBounds(1000)).toEqual({ min: 500, max: 1500 });
    expect(sellPriceBounds(1001)).toEqual({ min: 500, max: 1502 });
    expect(sellPriceBounds(99)).toEqual({ min: 49, max: 149 });
    expect(sellPriceBounds(1)).toEqual({ min: 0, max: 2 });
    expect(sellPriceBounds(148_501)).toEqual({ min: 74_250, max: 222_752 });
  });

  it('charges 10% at or below the current price and 15% above it', () => {
    expect(sellFeePercent(999, 1000)).toBe(10);
    expect(sellFeePercent(1000, 1000)).toBe(10);
    expect(sellFeePercent(1001, 1000)).toBe(15);
    expect(sellFeePercent(500, 1000)).toBe(10);
    expect(sellFeePercent(1500, 1000)).toBe(15);
  });

  it('rounds the fee down and subtracts it for the proceeds', () => {
    expect(sellFee(1000, 1000)).toBe(100);
    expect(sellFee(1239, 1300)).toBe(123); // 123.9
    expect(sellFee(1001, 1000)).toBe(150); // 150.15
    expect(sellFee(9, 10)).toBe(0); // 0.9
    expect(sellFee(1239, 1000)).toBe(185); // 185.85
    expect(estimatedProceeds(1239, 1300)).toBe(1116);
    expect(estimatedProceeds(1001, 1000)).toBe(851);
    expect(estimatedProceeds(1000, 1000)).toBe(900);
  });

  it('accepts only whole prices within the bounds', () => {
    expect(isValidSellPrice(500, 1000)).toBe(true);
    expect(isValidSellPrice(1500, 1000)).toBe(true);
    expect(isValidSellPrice(499, 1000)).toBe(false);
    expect(isValidSellPrice(1501, 1000)).toBe(false);
    expect(isValidSellPrice(750.5, 1000)).toBe(false);
    expect(isValidSellPrice(Number.NaN, 1000)).toBe(false);
    expect(isValidSellPrice(0, 1)).toBe(false);
  });
});

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
  });
});
