import { TZDate } from '@date-fns/tz';

import type { MarketStatus } from '@touchline/contract';
import { MARKET_TIME_ZONE } from '@touchline/rules';

/** A second past the moment, so the server has crossed it too. */
const MARGIN_MS = 1_000;
/**
 * Never sooner than the spec's old poll: a next event already past (this device's clock runs ahead
 * of the server's) must not turn into a refetch every second.
 */
const MIN_MS = 60_000;

/**
 * When the market status should be read again: the stream tells every open and close as it happens,
 * so only its words can change unannounced ('Opens tomorrow' becomes 'Opens today' at midnight in
 * New York), or the next event passes while the stream is down. Never while the market is forced
 * open or shut (no next event): false, no timer.
 */
export function statusRefreshIn(status: MarketStatus | undefined, now: number): number | false {
  if (!status?.nextEventAt) return false;
  const nextEvent = Date.parse(status.nextEventAt);
  if (!Number.isFinite(nextEvent)) return false;
  const ny = new TZDate(now, MARKET_TIME_ZONE);
  const midnight = new TZDate(ny.getFullYear(), ny.getMonth(), ny.getDate() + 1, 0, 0, 0, MARKET_TIME_ZONE);
  return Math.max(Math.min(nextEvent, midnight.getTime()) - now + MARGIN_MS, MIN_MS);
}
