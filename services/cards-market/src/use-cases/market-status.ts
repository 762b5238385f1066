import type { GetMarketStatusResponse } from '@touchline/protos/gen/touchline/cards_market/GetMarketStatusResponse';
import { marketStatus } from '@touchline/rules';
import type { CardsDeps } from './deps';

export function getMarketStatus(deps: Pick<CardsDeps, 'clock' | 'config'>): GetMarketStatusResponse {
  const now = deps.clock.now();
  const status = marketStatus(now, deps.config.MARKET_HOURS);
  return {
    isOpen: status.isOpen,
    nextEvent: status.nextEvent,
    nextEventAt: status.nextEventAt?.toISOString() ?? '',
    now: now.toISOString(),
  };
}

export function isMarketOpen(deps: Pick<CardsDeps, 'clock' | 'config'>): boolean {
  return marketStatus(deps.clock.now(), deps.config.MARKET_HOURS).isOpen;
}
