import type { QueryClient } from '@tanstack/react-query';

import type { LiveEventName } from '@touchline/contract';

import { onAccount } from './account';
import { onAdminCashouts, onAdminFlags } from './admin';
import { onAuction } from './auctions';
import { onBalance } from './balance';
import { onCards } from './cards';
import { onCashout } from './cashouts';
import { onLeaderboard } from './leaderboard';
import { onMarket, onMarketStatus } from './market';
import { onMatchday } from './matchday';
import { onBadges, onMissions } from './missions';
import { onNotification, onUnread } from './notifications';
import { onOffers } from './offers';
import { onPrices } from './prices';
import { onResync } from './sync';
import type { LiveHandler, LiveHandlers } from './types';
import { onWishes } from './wishes';

/**
 * What each event of the live stream does to the query cache, by its SSE `event:` name (the contract's
 * LIVE_EVENTS). One line per event; the stream listens to exactly these names (and `closed`, which
 * ends the stream itself: stream.ts).
 */
export const liveHandlers: LiveHandlers = {
  notification: onNotification,
  unread: onUnread,
  balance: onBalance,
  cards: onCards,
  offers: onOffers,
  wishes: onWishes,
  cashout: onCashout,
  missions: onMissions,
  badges: onBadges,
  prices: onPrices,
  market: onMarket,
  'market-status': onMarketStatus,
  'admin-cashouts': onAdminCashouts,
  'admin-flags': onAdminFlags,
  account: onAccount,
  leaderboard: onLeaderboard,
  auction: onAuction,
  matchday: onMatchday,
  resync: onResync,
};

/** The names the stream subscribes to. */
export const liveEventNames = Object.keys(liveHandlers) as LiveEventName[];

/**
 * Applies one event's `data:` (JSON text) to the cache. Data that does not parse is dropped: a page
 * keeps working on an event it cannot read (the next refetch corrects it).
 */
export function dispatchLiveEvent(queryClient: QueryClient, name: LiveEventName, json: string): void {
  const handler = liveHandlers[name] as LiveHandler<typeof name> | undefined;
  if (!handler) return;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  handler(queryClient, data as never);
}
