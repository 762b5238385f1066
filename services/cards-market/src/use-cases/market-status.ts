import { inTransaction } from '@touchline/kit';
import type { GetMarketStatusResponse } from '@touchline/protos/gen/touchline/cards_market/GetMarketStatusResponse';
import { marketStatus } from '@touchline/rules';
import { recordMarketOpen } from '../db/market-state';
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

/**
 * Announces the market opening or closing (market.status.changed), once per change across
 * replicas: the database decides which replica's update flipped it. `lastSeen` spares a transaction
 * while nothing changed.
 */
export function marketStatusWatcher(deps: Pick<CardsDeps, 'clock' | 'config' | 'db' | 'outbox'>) {
  let lastSeen: boolean | undefined;
  return async (): Promise<void> => {
    const isOpen = isMarketOpen(deps);
    if (isOpen === lastSeen) return;
    const now = deps.clock.now();
    await inTransaction(deps.db, async (trx) => {
      if (await recordMarketOpen(trx, isOpen, now))
        await deps.outbox.add(trx, 'market.status.changed', 'market', {
          isOpen,
          changedAt: now.toISOString(),
        });
    });
    lastSeen = isOpen;
  };
}
