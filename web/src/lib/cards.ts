import { RARITIES, type Card, type Player, type Rarity } from '@touchline/contract';

// ---------------------------------------------------------------------------------------------------------
// Rarity
// ---------------------------------------------------------------------------------------------------------

/** The rarities in the spec's sort order (section 9): rarest first. */
export const RARITY_ORDER: readonly Rarity[] = ['Ultra Legendary', 'Legendary', 'Epic', 'Rare', 'Common'];

/** The rarities from common to rare, as filters and distributions list them. */
export { RARITIES };

const RARITY_ABBREVIATIONS: Record<Rarity, string> = {
  Common: 'C',
  Rare: 'R',
  Epic: 'E',
  Legendary: 'L',
  'Ultra Legendary': 'UL',
};

export function isRarity(value: string): value is Rarity {
  return (RARITIES as readonly string[]).includes(value);
}

/** C, R, E, L, UL; unknown rarities keep their first letter. */
export function rarityAbbreviation(rarity: string): string {
  return isRarity(rarity) ? RARITY_ABBREVIATIONS[rarity] : rarity.slice(0, 1).toUpperCase();
}

/** Position in the rarity sort order (0 = Ultra Legendary); unknown rarities sort last. */
export function rarityRank(rarity: string): number {
  const index = (RARITY_ORDER as readonly string[]).indexOf(rarity);
  return index === -1 ? RARITY_ORDER.length : index;
}

// ---------------------------------------------------------------------------------------------------------
// Image fallback and scarcity (docs/spec/game-spec.md#3-entities-and-their-fields)
// ---------------------------------------------------------------------------------------------------------

/** The default art of a player without an image: a position silhouette, or the product logo. */
export type PlayerImageKind = 'forward' | 'midfielder' | 'defender' | 'goalkeeper' | 'logo';

const IMAGE_RULES: readonly [readonly string[], PlayerImageKind][] = [
  [['forward', 'winger', 'striker'], 'forward'],
  [['midfield'], 'midfielder'],
  [['defend', 'back'], 'defender'],
  [['keeper', 'goal'], 'goalkeeper'],
];

/**
 * The default image chosen by position text, checked in the spec's order: forward/winger/striker,
 * midfield, defend/back, keeper/goal; anything else gets the product logo.
 */
export function playerImageKind(position: string | null | undefined): PlayerImageKind {
  const text = (position ?? '').toLowerCase();
  for (const [words, kind] of IMAGE_RULES) {
    if (words.some((word) => text.includes(word))) return kind;
  }
  return 'logo';
}

/**
 * Scarcity shown for a card, 0..100: the player's scarcity if given, otherwise 100 minus the edition's
 * share of the maximum editions, clamped to 0..100. Null when neither is known.
 */
export function cardScarcity(
  playerScarcity: number | null | undefined,
  editionNumber: number | null | undefined,
  maxEditions: number | null | undefined,
): number | null {
  let value: number;
  if (typeof playerScarcity === 'number' && Number.isFinite(playerScarcity)) {
    value = playerScarcity;
  } else if (
    typeof editionNumber === 'number' &&
    typeof maxEditions === 'number' &&
    Number.isFinite(editionNumber) &&
    maxEditions > 0
  ) {
    value = 100 - (editionNumber / maxEditions) * 100;
  } else {
    return null;
  }
  return Math.min(100, Math.max(0, value));
}

/** '#N of M' when both are known (positive), else null. */
export function editionLabel(
  editionNumber: number | null | undefined,
  maxEditions: number | null | undefined,
) {
  if (!editionNumber || !maxEditions) return null;
  return `#${editionNumber} of ${maxEditions}`;
}

// ---------------------------------------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------------------------------------

/** Initials of a player name: first letters of the first and last words ('Lionel Messi' -> 'LM'). */
export function playerInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Percent with sign and one decimal: 2.54 -> '+2.5%', -1 -> '-1.0%', 0 -> '0.0%'. */
export function formatPercentChange(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded > 0) return `+${rounded.toFixed(1)}%`;
  if (rounded < 0) return `${rounded.toFixed(1)}%`;
  return '0.0%';
}

/** The price change shown for a card: its own when present, else the player's. */
export function cardPriceChange(card: Pick<Card, 'priceChange' | 'player'>): number {
  return typeof card.priceChange === 'number' ? card.priceChange : (card.player.priceChange ?? 0);
}

/** Relative luminance-based test: true for colours light enough to need dark text on top. */
export function isLightColor(hex: string): boolean {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return false;
  const n = Number.parseInt(match[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance =
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return luminance > 0.4;
}

// ---------------------------------------------------------------------------------------------------------
// Card lists
// ---------------------------------------------------------------------------------------------------------

export const CARD_SORTS = [
  'Newest Cards First',
  'By Rarity',
  'Price: Low to High',
  'Price: High to Low',
] as const;
export type CardSort = (typeof CARD_SORTS)[number];

function newestFirst(a: Card, b: Card): number {
  const diff = Date.parse(b.acquiredAt) - Date.parse(a.acquiredAt);
  return diff !== 0 && Number.isFinite(diff) ? diff : b.id - a.id;
}

/** A sorted copy. By Rarity: Ultra Legendary first, then price high to low within a rarity. */
export function sortCards(cards: readonly Card[], sort: CardSort): Card[] {
  const copy = [...cards];
  switch (sort) {
    case 'Newest Cards First':
      return copy.sort(newestFirst);
    case 'By Rarity':
      return copy.sort(
        (a, b) =>
          rarityRank(a.player.rarity) - rarityRank(b.player.rarity) ||
          b.player.currentPrice - a.player.currentPrice ||
          newestFirst(a, b),
      );
    case 'Price: Low to High':
      return copy.sort((a, b) => a.player.currentPrice - b.player.currentPrice || newestFirst(a, b));
    case 'Price: High to Low':
      return copy.sort((a, b) => b.player.currentPrice - a.player.currentPrice || newestFirst(a, b));
  }
}

/** Search across player name, position and rarity (case-insensitive); blank matches everything. */
export function matchesCardSearch(
  player: Pick<Player, 'name' | 'position' | 'rarity'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [player.name, player.position, player.rarity].some((field) => field.toLowerCase().includes(needle));
}

/** Sum of the current prices of the cards. */
export function collectionValue(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + card.player.currentPrice, 0);
}
