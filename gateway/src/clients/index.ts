import type { ClientOptions } from '@touchline/kit';
import type { Upstream } from '../config';
import { createAdminClient, type AdminClient } from './admin';
import { createCardsMarketClient, type CardsMarketClient } from './cards-market';
import { createIdentityClient, type IdentityClient } from './identity';
import { createLeaderboardClient, type LeaderboardClient } from './leaderboard';
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
  leaderboard: LeaderboardClient;
  admin: AdminClient;
  notifications: NotificationsClient;
}

export function createClients(addresses: Record<Upstream, string>, options: ClientOptions): Clients {
  return {
    identity: createIdentityClient(addresses.identity, options),
    cardsMarket: createCardsMarketClient(addresses['cards-market'], options),
    wallet: createWalletClient(addresses['wallet-payments'], options),
    trading: createTradingClient(addresses.trading, options),
    missions: createMissionsClient(addresses.missions, options),
    leaderboard: createLeaderboardClient(addresses.leaderboard, options),
    admin: createAdminClient(addresses.admin, options),
    notifications: createNotificationsClient(addresses.notifications, options),
  };
}

export function closeClients(clients: Clients): void {
  for (const client of Object.values(clients)) client.close();
}
