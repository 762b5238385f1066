import { businessRule, invalid } from '@touchline/kit';
import { MAX_COINS, MAX_NOTE_LENGTH } from './offer';

/** Rarities from the highest (docs/spec/game-spec.md#9-business-constants-and-limits: UL, L, E, R, C). */
export const RARITY_ORDER = ['Ultra Legendary', 'Legendary', 'Epic', 'Rare', 'Common'] as const;
export const POSITIONS = ['Forward', 'Midfielder', 'Defender', 'Goalkeeper'] as const;

export type WishStatus = 'open' | 'fulfilled' | 'cancelled' | 'voided';
export type WishSort = 'newest' | 'rarity' | 'value_desc' | 'value_asc';
export const WISH_SORTS: readonly WishSort[] = ['newest', 'rarity', 'value_desc', 'value_asc'];

export const WISH_NOT_FOUND = 'Trade listing not found';
export const WISH_NOT_OPEN = 'This trade listing is no longer open';
export const WISH_EXISTS = 'This card is already listed for trade';
export const INVALID_COIN_AMOUNT = 'Invalid coin amount';
export const NO_CARD_SELECTED = 'No card selected';

export interface WishPreferences {
  desiredRarity: string;
  desiredPosition: string;
  desiredTeamId: number;
  minimumCoins: number;
  notes: string;
}

/** Empty means "any"; anything else must be a real rarity, position, team id or coin amount. */
export function checkPreferences(p: WishPreferences): WishPreferences {
  if (p.desiredRarity && !(RARITY_ORDER as readonly string[]).includes(p.desiredRarity))
    throw invalid('Unknown rarity');
  if (p.desiredPosition && !(POSITIONS as readonly string[]).includes(p.desiredPosition))
    throw invalid('Unknown position');
  if (!Number.isSafeInteger(p.desiredTeamId) || p.desiredTeamId < 0) throw invalid('Unknown team');
  if (!Number.isSafeInteger(p.minimumCoins) || p.minimumCoins < 0 || p.minimumCoins > MAX_COINS)
    throw invalid('Minimum coins must be a whole number of coins');
  const notes = p.notes.trim();
  if (notes.length > MAX_NOTE_LENGTH) throw invalid(`Notes can be at most ${MAX_NOTE_LENGTH} characters`);
  return { ...p, notes };
}

/** A coin offer on a wish: a positive amount, and at least the owner's minimum when they set one. */
export function checkCoinOffer(amount: number, minimumCoins: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_COINS) throw invalid(INVALID_COIN_AMOUNT);
  if (amount < minimumCoins)
    throw businessRule(`The minimum offer for this card is ${minimumCoins.toLocaleString('en-US')} coins`);
  return amount;
}

/** Sort key of a rarity: 0 for Ultra Legendary up to 4 for Common, unknown last. */
export function rarityRank(rarity: string): number {
  const i = (RARITY_ORDER as readonly string[]).indexOf(rarity);
  return i === -1 ? RARITY_ORDER.length : i;
}

export interface SortableWish {
  id: number;
  rarity: string;
  createdAt: Date;
  value: number;
}

/** The marketplace orders (newest first breaks every tie). */
export function sortWishes<W extends SortableWish>(wishes: W[], sort: WishSort): W[] {
  const newest = (a: W, b: W) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
  const by: Record<WishSort, (a: W, b: W) => number> = {
    newest,
    rarity: (a, b) => rarityRank(a.rarity) - rarityRank(b.rarity) || newest(a, b),
    value_desc: (a, b) => b.value - a.value || newest(a, b),
    value_asc: (a, b) => a.value - b.value || newest(a, b),
  };
  return [...wishes].sort(by[sort]);
}
