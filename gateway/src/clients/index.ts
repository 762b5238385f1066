import type { ClientOptions } from '@touchline/kit';
import type { Upstream } from '../config';
import { upstreamGate, type ShedSettings } from '../middleware/shedding';
import { createAdminClient, type AdminClient } from './admin';
import { createCardsMarketClient, type CardsMarketClient } from './cards-market';
import { createIdentityClient, type IdentityClient } from './identity';
import { createLeaderboardClient, type LeaderboardClient } from './leaderboard';
import { createMatchdayClient, type MatchdayClient } from './matchday';
import { createMissionsClient, type MissionsClient } from './missions';
import { createNotificationsClient, type NotificationsClient } from './notifications';
import { createTradingClient, type TradingClient } from './trading';
import { createWalletClient, type WalletClient } from './wallet';

/** One small promise-based client per downstream service. */
export interface Clients {
  identity: IdentityClient;
  cardsMarket: CardsMarketClient;
  wallet: WalletClient;
  trading: TradingClient;
  missions: MissionsClient;
  matchday: MatchdayClient;
  leaderboard: LeaderboardClient;
  admin: AdminClient;
  notifications: NotificationsClient;
}

export interface GatewayClientOptions extends ClientOptions {
  /** Limits per upstream service (one gate per client); unset: calls are not limited (tests). */
  shed?: ShedSettings;
}

export function createClients(addresses: Record<Upstream, string>, options: GatewayClientOptions): Clients {
  const { shed, ...shared } = options;
  // Each upstream its own gate: a slow service fills its own slots, not the others'.
  const own = (): ClientOptions => (shed ? { ...shared, gate: upstreamGate(shed) } : shared);
  return {
    identity: createIdentityClient(addresses.identity, own()),
    cardsMarket: createCardsMarketClient(addresses['cards-market'], own()),
    wallet: createWalletClient(addresses['wallet-payments'], own()),
    trading: createTradingClient(addresses.trading, own()),
    missions: createMissionsClient(addresses.missions, own()),
    matchday: createMatchdayClient(addresses.matchday, own()),
    leaderboard: createLeaderboardClient(addresses.leaderboard, own()),
    admin: createAdminClient(addresses.admin, own()),
    notifications: createNotificationsClient(addresses.notifications, own()),
  };
}

export function closeClients(clients: Clients): void {
  for (const client of Object.values(clients)) client.close();
}
