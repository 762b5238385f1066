import type * as grpc from '@grpc/grpc-js';
import type { ProtoGrpcType as AdminProto } from '../gen/admin';
import type { ProtoGrpcType as CardsMarketProto } from '../gen/cards_market';
import type { ProtoGrpcType as IdentityProto } from '../gen/identity';
import type { ProtoGrpcType as LeaderboardProto } from '../gen/leaderboard';
import type { ProtoGrpcType as MissionsProto } from '../gen/missions';
import type { ProtoGrpcType as NotificationsProto } from '../gen/notifications';
import type { ProtoGrpcType as TradingProto } from '../gen/trading';
import type { ProtoGrpcType as WalletProto } from '../gen/wallet';
import { loadProto } from './loader';

// Parsing a proto costs milliseconds and every client and server of a process asks for the same few
// files, so each is loaded once, on first use.
const loaded = new Map<string, unknown>();

function loadOnce<T>(file: string): T {
  if (!loaded.has(file)) loaded.set(file, loadProto<T>(file));
  return loaded.get(file) as T;
}

export function identityPackage() {
  return loadOnce<IdentityProto>('touchline/identity.proto').touchline.identity;
}

export function cardsMarketPackage() {
  return loadOnce<CardsMarketProto>('touchline/cards_market.proto').touchline.cards_market;
}

export function tradingPackage() {
  return loadOnce<TradingProto>('touchline/trading.proto').touchline.trading;
}

export function missionsPackage() {
  return loadOnce<MissionsProto>('touchline/missions.proto').touchline.missions;
}

export function walletPackage() {
  return loadOnce<WalletProto>('touchline/wallet.proto').touchline.wallet;
}

export function adminPackage() {
  return loadOnce<AdminProto>('touchline/admin.proto').touchline.admin;
}

export function leaderboardPackage() {
  return loadOnce<LeaderboardProto>('touchline/leaderboard.proto').touchline.leaderboard;
}

export function notificationsPackage() {
  return loadOnce<NotificationsProto>('touchline/notifications.proto').touchline.notifications;
}

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
    definition: () => identityPackage().Identity.service,
  },
  'cards-market': {
    protoFile: 'touchline/cards_market.proto',
    serviceName: 'touchline.cards_market.CardsMarket',
    addrEnv: 'CARDS_MARKET_ADDR',
    definition: () => cardsMarketPackage().CardsMarket.service,
  },
  trading: {
    protoFile: 'touchline/trading.proto',
    serviceName: 'touchline.trading.Trading',
    addrEnv: 'TRADING_ADDR',
    definition: () => tradingPackage().Trading.service,
  },
  missions: {
    protoFile: 'touchline/missions.proto',
    serviceName: 'touchline.missions.Missions',
    addrEnv: 'MISSIONS_ADDR',
    definition: () => missionsPackage().Missions.service,
  },
  'wallet-payments': {
    protoFile: 'touchline/wallet.proto',
    serviceName: 'touchline.wallet.Wallet',
    addrEnv: 'WALLET_PAYMENTS_ADDR',
    definition: () => walletPackage().Wallet.service,
  },
  admin: {
    protoFile: 'touchline/admin.proto',
    serviceName: 'touchline.admin.Admin',
    addrEnv: 'ADMIN_ADDR',
    definition: () => adminPackage().Admin.service,
  },
  leaderboard: {
    protoFile: 'touchline/leaderboard.proto',
    serviceName: 'touchline.leaderboard.Leaderboard',
    addrEnv: 'LEADERBOARD_ADDR',
    definition: () => leaderboardPackage().Leaderboard.service,
  },
  notifications: {
    protoFile: 'touchline/notifications.proto',
    serviceName: 'touchline.notifications.Notifications',
    addrEnv: 'NOTIFICATIONS_ADDR',
    definition: () => notificationsPackage().Notifications.service,
  },
} as const satisfies Record<string, ServiceEntry>;

export type ServiceName = keyof typeof SERVICES;

/** The typed definition (e.g. WalletDefinition) of a service, for grpc.Server#addService. */
export type ServiceDefinitionOf<N extends ServiceName> = ReturnType<(typeof SERVICES)[N]['definition']>;

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
