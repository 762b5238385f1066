/** The five rarities, rarest first (the spec's rarity sort order). */
export const RARITIES = ['Ultra Legendary', 'Legendary', 'Epic', 'Rare', 'Common'] as const;
export type Rarity = (typeof RARITIES)[number];

export interface PackDefinition {
  id: number;
  name: string;
  description: string;
  rarity: Rarity;
  packSize: number;
  price: number;
  /** Published odds per card, in percent; they sum to 100. */
  odds: { rarity: Rarity; percent: number }[];
}

/**
 * One pack per rarity tier; the odds are shown in the shop (odds disclosure) and are what minting
 * uses. cards-market sells and opens them; the web's tests show them as the shop does.
 */
export const PACKS: PackDefinition[] = [
  {
    id: 1,
    name: 'Common Pack',
    description: 'Three cards to fill out your squad, with a shot at an Epic.',
    rarity: 'Common',
    packSize: 3,
    price: 600,
    odds: [
      { rarity: 'Common', percent: 80 },
      { rarity: 'Rare', percent: 17 },
      { rarity: 'Epic', percent: 3 },
    ],
  },
  {
    id: 2,
    name: 'Rare Pack',
    description: 'Four cards, Rares more often than not, and a Legendary for the lucky.',
    rarity: 'Rare',
    packSize: 4,
    price: 3_000,
    odds: [
      { rarity: 'Common', percent: 45 },
      { rarity: 'Rare', percent: 45 },
      { rarity: 'Epic', percent: 9 },
      { rarity: 'Legendary', percent: 1 },
    ],
  },
  {
    id: 3,
    name: 'Epic Pack',
    description: 'Five cards from Rare up, with real Legendary and Ultra Legendary chances.',
    rarity: 'Epic',
    packSize: 5,
    price: 15_000,
    odds: [
      { rarity: 'Rare', percent: 55 },
      { rarity: 'Epic', percent: 38 },
      { rarity: 'Legendary', percent: 6 },
      { rarity: 'Ultra Legendary', percent: 1 },
    ],
  },
  {
    id: 4,
    name: 'Legendary Pack',
    description: 'Five cards from Epic up: the stars of the league.',
    rarity: 'Legendary',
    packSize: 5,
    price: 60_000,
    odds: [
      { rarity: 'Epic', percent: 60 },
      { rarity: 'Legendary', percent: 36 },
      { rarity: 'Ultra Legendary', percent: 4 },
    ],
  },
  {
    id: 5,
    name: 'Ultra Legendary Pack',
    description: 'Three cards, Legendary or better, with one in four Ultra Legendary.',
    rarity: 'Ultra Legendary',
    packSize: 3,
    price: 150_000,
    odds: [
      { rarity: 'Legendary', percent: 75 },
      { rarity: 'Ultra Legendary', percent: 25 },
    ],
  },
];
