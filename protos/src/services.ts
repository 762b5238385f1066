import type * as grpc from '@grpc/grpc-js';
import type { AdminDefinition } from '../gen/touchline/admin/Admin';
import type { CardsMarketDefinition } from '../gen/touchline/cards_market/CardsMarket';
import type { IdentityDefinition } from '../gen/touchline/identity/Identity';
import type { LeaderboardDefinition } from '../gen/touchline/leaderboard/Leaderboard';
import type { MatchdayDefinition } from '../gen/touchline/matchday/Matchday';
import type { MissionsDefinition } from '../gen/touchline/missions/Missions';
import type { NotificationsDefinition } from '../gen/touchline/notifications/Notifications';
import type { TradingDefinition } from '../gen/touchline/trading/Trading';
import type { WalletDefinition } from '../gen/touchline/wallet/Wallet';
import { serviceDefinition } from './loader';

export interface ServiceEntry {
  /** Relative to PROTO_ROOT. */
  readonly protoFile: string;
  /** Fully qualified, as in gRPC paths and health checks. */
  readonly serviceName: string;
  /** Env var holding host:port where the service listens (clients dial it, the server binds it). */
  readonly addrEnv: string;
  definition(): grpc.ServiceDefinition;
}

/** Every gRPC service by its deployable name (the folder under services/). */
export const SERVICES = {
  identity: {
    protoFile: 'touchline/identity.proto',
    serviceName: 'touchline.identity.Identity',
    addrEnv: 'IDENTITY_ADDR',
    definition: () => serviceDefinition<IdentityDefinition>('touchline.identity.Identity'),
  },
  'cards-market': {
    protoFile: 'touchline/cards_market.proto',
    serviceName: 'touchline.cards_market.CardsMarket',
    addrEnv: 'CARDS_MARKET_ADDR',
    definition: () => serviceDefinition<CardsMarketDefinition>('touchline.cards_market.CardsMarket'),
  },
  trading: {
    protoFile: 'touchline/trading.proto',
    serviceName: 'touchline.trading.Trading',
    addrEnv: 'TRADING_ADDR',
    definition: () => serviceDefinition<TradingDefinition>('touchline.trading.Trading'),
  },
  missions: {
    protoFile: 'touchline/missions.proto',
    serviceName: 'touchline.missions.Missions',
    addrEnv: 'MISSIONS_ADDR',
    definition: () => serviceDefinition<MissionsDefinition>('touchline.missions.Missions'),
  },
  'wallet-payments': {
    protoFile: 'touchline/wallet.proto',
    serviceName: 'touchline.wallet.Wallet',
    addrEnv: 'WALLET_PAYMENTS_ADDR',
    definition: () => serviceDefinition<WalletDefinition>('touchline.wallet.Wallet'),
  },
  admin: {
    protoFile: 'touchline/admin.proto',
    serviceName: 'touchline.admin.Admin',
    addrEnv: 'ADMIN_ADDR',
    definition: () => serviceDefinition<AdminDefinition>('touchline.admin.Admin'),
  },
  leaderboard: {
    protoFile: 'touchline/leaderboard.proto',
    serviceName: 'touchline.leaderboard.Leaderboard',
    addrEnv: 'LEADERBOARD_ADDR',
    definition: () => serviceDefinition<LeaderboardDefinition>('touchline.leaderboard.Leaderboard'),
  },
  notifications: {
    protoFile: 'touchline/notifications.proto',
    serviceName: 'touchline.notifications.Notifications',
    addrEnv: 'NOTIFICATIONS_ADDR',
    definition: () => serviceDefinition<NotificationsDefinition>('touchline.notifications.Notifications'),
  },
  matchday: {
    protoFile: 'touchline/matchday.proto',
    serviceName: 'touchline.matchday.Matchday',
    addrEnv: 'MATCHDAY_ADDR',
    definition: () => serviceDefinition<MatchdayDefinition>('touchline.matchday.Matchday'),
  },
} as const satisfies Record<string, ServiceEntry>;

export type ServiceName = keyof typeof SERVICES;

/** The typed definition (e.g. WalletDefinition) of a service, for grpc.Server#addService. */
export type ServiceDefinitionOf<N extends ServiceName> = ReturnType<(typeof SERVICES)[N]['definition']>;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
