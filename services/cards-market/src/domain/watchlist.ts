import { invalid } from '@touchline/kit';

/** Watchlist and price-alert rules (docs/features.md, "Watchlist and price alerts"). */
export const MAX_WATCHED_PLAYERS = 50;
export const MAX_ALERTS_PER_PLAYER = 2;
export const MAX_ALERT_PRICE = 1_000_000_000;

export const WATCHLIST_FULL = `You can watch up to ${MAX_WATCHED_PLAYERS} players. Remove one to watch another.`;
export const ALERTS_FULL = `You can set up to ${MAX_ALERTS_PER_PLAYER} alerts per player. Remove one to add another.`;
export const NOT_WATCHED = 'Add this player to your watchlist before setting an alert';
export const PLAYER_NOT_FOUND = 'Player not found';
export const ALERT_NOT_FOUND = 'Price alert not found';

export type AlertDirection = 'above' | 'below';

/**
 * Whether a price is on the alert's side of its line: at or above X, at or below Y. A tick fires the
 * alerts it moves onto their side from the other (db/watchlist.ts, fireCrossedAlerts, the same rule
 * in SQL); crossing back re-arms one. An alert set while the price is already past its line waits
 * for the next crossing.
 */
export function alertMet(direction: AlertDirection, threshold: number, price: number): boolean {
  return direction === 'above' ? price >= threshold : price <= threshold;
}

export function checkAlert(
  direction: string,
  threshold: number,
): { direction: AlertDirection; threshold: number } {
  if (direction !== 'above' && direction !== 'below') throw invalid('An alert is "above" or "below" a price');
  if (!Number.isSafeInteger(threshold) || threshold <= 0 || threshold > MAX_ALERT_PRICE)
    throw invalid('The alert price must be a whole number of coins above 0');
  return { direction, threshold };
}
