/** Gateway contract of the shop's card packs (economy spec, sections 3 and 7). */

import type { Card, Rarity } from '@/features/cards/types';

export type PackName = 'Common Pack' | 'Rare Pack' | 'Epic Pack' | 'Legendary Pack' | 'Ultra Legendary Pack';

/** A published chance of one card's rarity, in percent (the odds add up to 100). */
export interface PackOdds {
  rarity: Rarity | (string & {});
  percent: number;
}

/** GET /api/packs. */
export interface CardPack {
  id: number;
  name: PackName | (string & {});
  description: string;
  rarity: Rarity | (string & {});
  /** Cards in the pack. */
  packSize: number;
  /** Price in coins. */
  price: number;
  odds: PackOdds[];
}

export type PackCard = Card & { packName: string };

/** POST /api/packs/purchase. */
export interface PackPurchaseResponse {
  message: string;
  cards: PackCard[];
  coinsSpent: number;
  remainingCoins: number;
}

/** The 422 body of a purchase whose coins were taken and then refunded (minting failed). */
export interface PackPurchaseFailure {
  success: false;
  message: string;
  remainingCoins?: number;
  refunded?: boolean;
}
