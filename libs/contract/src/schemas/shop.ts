import { z } from 'zod';
import { Card } from './cards';

/** A published chance of one card's rarity, in percent (the odds add up to 100). */
export const PackOdds = z.object({ rarity: z.string(), percent: z.number() });

export const CardPack = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    rarity: z.string(),
    /** Cards in the pack. */
    packSize: z.number(),
    /** Price in coins. */
    price: z.number(),
    odds: z.array(PackOdds),
  })
  .meta({ id: 'CardPack' });
export type CardPack = z.infer<typeof CardPack>;

export const PackPurchaseBody = z.strictObject({
  packId: z.number({ error: 'packId must be a number' }).int().positive(),
});

export const PackCard = Card.extend({ packName: z.string() });
export type PackCard = z.infer<typeof PackCard>;

export const PackPurchaseResult = z.object({
  /** The purchase, to say its cards were seen (POST /api/packs/revealed). */
  purchaseId: z.string(),
  message: z.string(),
  cards: z.array(PackCard),
  coinsSpent: z.number(),
  remainingCoins: z.number(),
});
export type PackPurchaseResult = z.infer<typeof PackPurchaseResult>;

/**
 * A pack bought whose cards the player has not seen (closed before the reveal, issue 43): home and
 * the shop show it as unopened until it is revealed.
 */
export const UnopenedPack = z
  .object({
    purchaseId: z.string(),
    packId: z.number(),
    packName: z.string(),
    cards: z.array(PackCard),
    boughtAt: z.string(),
    /** What the player paid: the purchase's price, 0 for a squad challenge's reward pack (a gift). */
    pricePaid: z.number(),
  })
  .meta({ id: 'UnopenedPack' });
export type UnopenedPack = z.infer<typeof UnopenedPack>;

export const PackRevealedBody = z.strictObject({
  purchaseId: z.string().min(1).max(512),
});

/** 422: the coins were taken, minting failed, and the coins came back ("Coins Refunded"). */
export const PackPurchaseRefunded = z.object({
  success: z.literal(false),
  message: z.string(),
  remainingCoins: z.number(),
  refunded: z.boolean(),
});
export type PackPurchaseRefunded = z.infer<typeof PackPurchaseRefunded>;

export type PackOdds = z.infer<typeof PackOdds>;
export type PackPurchaseBody = z.infer<typeof PackPurchaseBody>;
