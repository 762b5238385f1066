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
  message: z.string(),
  cards: z.array(PackCard),
  coinsSpent: z.number(),
  remainingCoins: z.number(),
});
export type PackPurchaseResult = z.infer<typeof PackPurchaseResult>;

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
