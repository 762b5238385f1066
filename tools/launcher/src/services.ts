import type { ServiceModule } from '@touchline/kit';
import { adminService } from '@touchline/admin';
import { cardsMarketService } from '@touchline/cards-market';
import { identityService } from '@touchline/identity';
import { leaderboardService } from '@touchline/leaderboard';
import { matchdayService } from '@touchline/matchday';
import { missionsService } from '@touchline/missions';
import { notificationsService } from '@touchline/notifications';
import { tradingService } from '@touchline/trading';
import { walletService } from '@touchline/wallet-payments';

/** Every microservice of Touchline (docs/design.md#1-shape), in start order. */
export const SERVICE_MODULES = [
  identityService,
  walletService,
  cardsMarketService,
  tradingService,
  missionsService,
  matchdayService,
  leaderboardService,
  notificationsService,
  adminService,
] as unknown as ServiceModule<never, never>[];
