import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { MissionsHandlers } from '@touchline/protos/gen/touchline/missions/Missions';
import { EarnedBadges } from './cache/earned-badges';
import { SmallestTeam } from './cache/smallest-team';
import { BADGES } from './catalogue/badges';
import { MISSIONS } from './catalogue/missions';
import { missionsConfigSchema, type MissionsConfig } from './config';
import { missionsConsumers } from './consumers';
import { migrations } from './db/migrations';
import { missionsJobs } from './jobs';
import { createPeers, PEERS } from './peers';
import { missionsUseCases } from './server';
import type { MissionsDeps } from './use-cases/deps';

/** missions: daily and weekly missions, progress from events, reward claims, and badges. */
export const missionsService: ServiceModule<MissionsConfig, MissionsHandlers> = {
  name: 'missions',
  schema: 'missions',
  grpcServiceName: SERVICES['missions'].serviceName,
  definition: () => SERVICES['missions'].definition(),
  migrations,
  configSchema: missionsConfigSchema,
  peers: Object.values(PEERS),
  create: ({ config, db, outbox, clock, random, logger, peers }) => {
    const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
    const deps: MissionsDeps = {
      db,
      outbox,
      clock,
      random,
      logger,
      config,
      wallet: clients.wallet,
      cards: clients.cards,
      missions: MISSIONS,
      badges: BADGES,
      earnedBadges: new EarnedBadges(),
      smallestTeam: new SmallestTeam(),
    };
    return {
      useCases: missionsUseCases(deps),
      consumers: missionsConsumers(deps),
      jobs: missionsJobs(deps),
      close: async () => clients.close(),
    };
  },
};
