import { z } from 'zod';
import { Player } from './cards';
import { Timestamp } from './common';

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export const AlertDirection = z.enum(ALERT_DIRECTIONS);
export type AlertDirection = z.infer<typeof AlertDirection>;

/**
 * A price alert on a watched player: it fires (a notification) when a price tick moves the price
 * across its line, at or above `threshold` ('above') or at or below it ('below'); crossing back
 * re-arms it. `met`: the last price is already on its side (it waits for the next crossing).
 */
export const PriceAlert = z
  .object({
    id: z.number(),
    playerId: z.number(),
    direction: AlertDirection,
    threshold: z.number(),
    met: z.boolean(),
    lastTriggeredAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'PriceAlert' });
export type PriceAlert = z.infer<typeof PriceAlert>;

/** A watched player with its live price and 24-hour change (on `player`) and its alerts. */
export const WatchlistEntry = z
  .object({ player: Player, watchedAt: Timestamp, alerts: z.array(PriceAlert) })
  .meta({ id: 'WatchlistEntry' });
export type WatchlistEntry = z.infer<typeof WatchlistEntry>;

export const PlayerIdParams = z.strictObject({ playerId: z.coerce.number().int().positive() });
export const AlertParams = z.strictObject({
  playerId: z.coerce.number().int().positive(),
  alertId: z.coerce.number().int().positive(),
});

export const PriceAlertBody = z.strictObject({
  direction: z.enum(ALERT_DIRECTIONS, { message: 'Choose above or below' }),
  threshold: z
    .number({ message: 'Enter a price in coins' })
    .int('Enter a whole number of coins')
    .min(1, 'The alert price must be 1 coin or more')
    .max(1_000_000_000, 'The alert price can be 1,000,000,000 coins or less'),
});
export type PriceAlertBody = z.infer<typeof PriceAlertBody>;
