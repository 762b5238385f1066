import { isRarity, RARITIES } from '@/lib/cards';
import type { Rarity } from '@touchline/contract';

import type { PackOdds, PackPurchaseRefunded } from '@touchline/contract';

/** The pack-opening animation runs this long before the first card shows (docs/spec/economy-admin-spec.md#9-business-constants-and-limits). */
export const PACK_OPEN_DELAY_MS = 800;
/** The glow of a pack holding a Legendary or Ultra Legendary card lasts this long. */
export const PACK_GLOW_MS = 3000;
/** The 'Coins Refunded' toast follows 'Unable to purchase pack' after this long. */
export const REFUND_TOAST_DELAY_MS = 1000;

/** The art tier of a pack by its name ('Ultra Legendary Pack' -> 'Ultra Legendary'); Common by default. */
export function packTier(name: string): Rarity {
  const trimmed = name.trim().replace(/\s+pack$/i, '');
  const match = RARITIES.find((rarity) => rarity.toLowerCase() === trimmed.toLowerCase());
  return match ?? 'Common';
}

/** The odds in rarity order (common first), without empty chances. */
export function sortedOdds(odds: readonly PackOdds[]): PackOdds[] {
  const rank = (rarity: string) => (isRarity(rarity) ? RARITIES.indexOf(rarity) : RARITIES.length);
  return odds.filter((odd) => odd.percent > 0).sort((a, b) => rank(a.rarity) - rank(b.rarity));
}

/** A percent as published: whole numbers without decimals, otherwise up to two ('0.5%'). */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** One line of odds: '80% Common · 17% Rare · 3% Epic'. */
export function oddsSummary(odds: readonly PackOdds[]): string {
  return sortedOdds(odds)
    .map((odd) => `${formatPercent(odd.percent)} ${odd.rarity}`)
    .join(' · ');
}

/** Whether opening these cards earns the glow: any Legendary or Ultra Legendary. */
export function hasGlowCard(cards: readonly { player: { rarity: string } }[]): boolean {
  return cards.some((card) => card.player.rarity === 'Legendary' || card.player.rarity === 'Ultra Legendary');
}

/** The body of a failed purchase when it is the spec's {success: false, message} shape. */
export function packFailure(
  data: unknown,
): (Pick<PackPurchaseRefunded, 'success' | 'message'> & Partial<PackPurchaseRefunded>) | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.success !== false || typeof record.message !== 'string' || record.message === '') return null;
  return {
    success: false,
    message: record.message,
    ...(typeof record.remainingCoins === 'number' ? { remainingCoins: record.remainingCoins } : {}),
    ...(typeof record.refunded === 'boolean' ? { refunded: record.refunded } : {}),
  };
}

export interface PackSummary {
  /** The cards' market value now (their players' current prices). */
  totalValue: number;
  /** Value minus the price paid: what the pack is worth over its price. */
  gain: number;
  /** The most valuable card (the rarer on a tie): the best pull. */
  bestIndex: number;
  /** Per card: its player was not in the collection before (the first card of a player only). */
  isNew: boolean[];
}

/**
 * What a pack came to. `ownedBefore` holds the players of the collection before the purchase; null
 * when it could not be read, and then no card is called new.
 */
export function packSummary(
  cards: readonly { player: { id: number; rarity: string; currentPrice: number } }[],
  pricePaid: number,
  ownedBefore: ReadonlySet<number> | null,
): PackSummary {
  const totalValue = cards.reduce((sum, card) => sum + card.player.currentPrice, 0);
  const rank = (rarity: string) => (isRarity(rarity) ? RARITIES.indexOf(rarity) : -1);
  let bestIndex = 0;
  cards.forEach((card, index) => {
    const best = cards[bestIndex]!.player;
    const { currentPrice, rarity } = card.player;
    if (
      currentPrice > best.currentPrice ||
      (currentPrice === best.currentPrice && rank(rarity) > rank(best.rarity))
    )
      bestIndex = index;
  });
  const seen = new Set<number>();
  const isNew = cards.map(({ player }) => {
    const fresh = ownedBefore !== null && !ownedBefore.has(player.id) && !seen.has(player.id);
    seen.add(player.id);
    return fresh;
  });
  return { totalValue, gain: totalValue - pricePaid, bestIndex, isNew };
}
