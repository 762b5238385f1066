import { describe, expect, it } from 'vitest';

import {
  cardScarcity,
  editionLabel,
  formatPercentChange,
  isLightColor,
  matchesCardSearch,
  playerImageKind,
  playerInitials,
  rarityAbbreviation,
  RARITY_ORDER,
  rarityRank,
  sortCards,
} from '@/lib/cards';
import { matchesPosition } from '@/lib/positions';
import { percentOf, progressTone } from '@/lib/progress';

import { collection, players } from './card-fixtures';

describe('scarcity rule', () => {
  it("uses the player's scarcity when given", () => {
    expect(cardScarcity(42, 1, 10)).toBe(42);
    expect(cardScarcity(0, 9, 10)).toBe(0);
  });

  it('otherwise is 100 minus the edition share of the maximum editions', () => {
    expect(cardScarcity(undefined, 3, 10)).toBe(70);
    expect(cardScarcity(null, 12, 50)).toBe(76);
    expect(cardScarcity(undefined, 412, 5000)).toBeCloseTo(91.76);
    expect(cardScarcity(undefined, 10, 10)).toBe(0);
  });

  it('clamps to 0..100', () => {
    expect(cardScarcity(140, 1, 10)).toBe(100);
    expect(cardScarcity(-5, 1, 10)).toBe(0);
    expect(cardScarcity(undefined, 15, 10)).toBe(0);
    expect(cardScarcity(undefined, -2, 10)).toBe(100);
  });

  it('is unknown without a scarcity or a usable edition', () => {
    expect(cardScarcity(undefined, 3, 0)).toBeNull();
    expect(cardScarcity(undefined, undefined, 10)).toBeNull();
    expect(cardScarcity(Number.NaN, undefined, undefined)).toBeNull();
  });
});

describe('image fallback rule', () => {
  it.each([
    ['Forward', 'forward'],
    ['Winger', 'forward'],
    ['Striker', 'forward'],
    ['Left Winger', 'forward'],
    ['Midfielder', 'midfielder'],
    ['Attacking Midfield', 'midfielder'],
    ['Defender', 'defender'],
    ['Right Back', 'defender'],
    ['Fullback', 'defender'],
    ['Goalkeeper', 'goalkeeper'],
    ['Keeper', 'goalkeeper'],
    ['Goal', 'goalkeeper'],
  ] as const)('%s -> %s', (position, kind) => {
    expect(playerImageKind(position)).toBe(kind);
  });

  it('checks the rules in the spec order', () => {
    // 'Forward' is checked before 'back' and 'goal'.
    expect(playerImageKind('Forward (back-up)')).toBe('forward');
    // 'midfield' before 'defend'.
    expect(playerImageKind('Defensive Midfielder')).toBe('midfielder');
    // 'back' before 'goal'.
    expect(playerImageKind('Goal-line back')).toBe('defender');
  });

  it('falls back to the product logo', () => {
    expect(playerImageKind('Coach')).toBe('logo');
    expect(playerImageKind('')).toBe('logo');
    expect(playerImageKind(null)).toBe('logo');
    expect(playerImageKind(undefined)).toBe('logo');
  });
});

describe('rarity', () => {
  it('abbreviates C, R, E, L, UL', () => {
    expect(['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary'].map(rarityAbbreviation)).toEqual([
      'C',
      'R',
      'E',
      'L',
      'UL',
    ]);
  });

  it('sorts Ultra Legendary, Legendary, Epic, Rare, Common', () => {
    expect(RARITY_ORDER).toEqual(['Ultra Legendary', 'Legendary', 'Epic', 'Rare', 'Common']);
    const shuffled = ['Rare', 'Common', 'Ultra Legendary', 'Epic', 'Legendary', 'Mystery'];
    expect([...shuffled].sort((a, b) => rarityRank(a) - rarityRank(b))).toEqual([
      'Ultra Legendary',
      'Legendary',
      'Epic',
      'Rare',
      'Common',
      'Mystery',
    ]);
  });
});

describe('card lists', () => {
  const names = (cards: typeof collection) => cards.map((card) => card.player.name);

  it('sorts by each order', () => {
    expect(names(sortCards(collection, 'Newest Cards First'))).toEqual([
      'Fabian Herbers',
      'Jordi Alba',
      'Brad Guzan',
      'Lionel Messi',
      'Obinna Nwobodo',
      'Stefan Frei',
    ]);
    expect(names(sortCards(collection, 'By Rarity'))).toEqual([
      'Lionel Messi',
      'Jordi Alba',
      'Obinna Nwobodo',
      'Brad Guzan',
      'Stefan Frei',
      'Fabian Herbers',
    ]);
    expect(names(sortCards(collection, 'Price: Low to High'))).toEqual([
      'Fabian Herbers',
      'Stefan Frei',
      'Brad Guzan',
      'Obinna Nwobodo',
      'Jordi Alba',
      'Lionel Messi',
    ]);
    expect(names(sortCards(collection, 'Price: High to Low'))).toEqual([
      'Lionel Messi',
      'Jordi Alba',
      'Obinna Nwobodo',
      'Brad Guzan',
      'Stefan Frei',
      'Fabian Herbers',
    ]);
  });

  it('searches name, position and rarity, case-insensitively', () => {
    expect(matchesCardSearch(players.messi, 'MESSI')).toBe(true);
    expect(matchesCardSearch(players.messi, 'forward')).toBe(true);
    expect(matchesCardSearch(players.messi, 'ultra')).toBe(true);
    expect(matchesCardSearch(players.messi, 'Inter Miami')).toBe(false);
    expect(matchesCardSearch(players.messi, '  ')).toBe(true);
  });

  it('matches position chips on the position text', () => {
    expect(matchesPosition('Forward', 'Forwards')).toBe(true);
    expect(matchesPosition('Forward', 'Defenders')).toBe(false);
    expect(matchesPosition('Goalkeeper', 'Goalkeepers')).toBe(true);
    expect(matchesPosition('Anything', 'All')).toBe(true);
  });
});

describe('display helpers', () => {
  it('formats the price change with one decimal and a sign', () => {
    expect(formatPercentChange(2.46)).toBe('+2.5%');
    expect(formatPercentChange(-1.34)).toBe('-1.3%');
    expect(formatPercentChange(0)).toBe('0.0%');
    expect(formatPercentChange(-0.04)).toBe('0.0%');
  });

  it("writes editions as '#N of M' only when both exist", () => {
    expect(editionLabel(3, 10)).toBe('#3 of 10');
    expect(editionLabel(0, 10)).toBeNull();
    expect(editionLabel(3, undefined)).toBeNull();
  });

  it('takes initials from the first and last names', () => {
    expect(playerInitials('Lionel Messi')).toBe('LM');
    expect(playerInitials('Rodrigo de Paul')).toBe('RP');
    expect(playerInitials('Evander')).toBe('E');
  });

  it('tells light kits from dark ones', () => {
    expect(isLightColor('#FEDD00')).toBe(true);
    expect(isLightColor('#80000A')).toBe(false);
    expect(isLightColor('not a colour')).toBe(false);
  });
});

describe('progress colour rule', () => {
  it.each([
    [0, 'red'],
    [29, 'red'],
    [29.9, 'red'],
    [30, 'yellow'],
    [59, 'yellow'],
    [59.9, 'yellow'],
    [60, 'green'],
    [100, 'green'],
  ] as const)('%s%% is %s', (percent, tone) => {
    expect(progressTone(percent)).toBe(tone);
  });

  it('rounds percentages down', () => {
    expect(percentOf(9, 31)).toBe(29);
    expect(percentOf(16, 27)).toBe(59);
    expect(percentOf(27, 27)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});
