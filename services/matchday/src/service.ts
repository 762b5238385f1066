import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { MatchdayHandlers } from '@touchline/protos/gen/touchline/matchday/Matchday';
import { matchdayConfigSchema, type MatchdayConfig } from './config';
import { migrations } from './db/migrations';
import { defaultResultsDelay } from './domain/schedule';
import type { MatchFeed } from './feed/port';
import { importFeed } from './feed/import';
import { rosterLoader } from './feed/roster';
import { simulatedFeed } from './feed/simulated';
import { resolveFeedKey } from './feed-seed';
import { matchdaySweeper } from './jobs';
import { createPeers, PEERS } from './peers';
import { matchdayUseCases } from './server';
import type { MatchdayDeps } from './use-cases/deps';

/** matchday: the schedule of matchdays, lineups of cards, results from the match feed, scoring and rewards. */
export const matchdayService: ServiceModule<MatchdayConfig, MatchdayHandlers> = {
  name: 'matchday',
  schema: 'matchday',
  grpcServiceName: SERVICES['matchday'].serviceName,
  definition: () => SERVICES['matchday'].definition(),
  migrations,
  configSchema: matchdayConfigSchema,
  peers: Object.values(PEERS),
  create: ({ config, db, outbox, clock, random, logger, peers }) => {
    const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
    let feed: Promise<MatchFeed> | undefined;
    const roster = rosterLoader({ cards: clients.cards, timeoutMs: config.MATCHDAY_PEER_TIMEOUT_MS });
    const deps: MatchdayDeps = {
      db,
      outbox,
      clock,
      random,
      logger,
      config,
      schedule: {
        anchor: new Date(config.MATCHDAY_ANCHOR),
        cycleMs: config.MATCHDAY_CYCLE_MS,
        resultsDelayMs: config.MATCHDAY_RESULTS_DELAY_MS ?? defaultResultsDelay(config.MATCHDAY_CYCLE_MS),
      },
      // The feed MATCH_FEED names; the simulated one once its secret is read.
      feed: () =>
        (feed ??=
          config.MATCH_FEED === 'import'
            ? Promise.resolve(importFeed(db))
            : resolveFeedKey({ config, db, random, logger }).then((key) =>
                simulatedFeed({ key, roster }),
              )).catch((error: unknown) => {
          feed = undefined;
          throw error;
        }),
      roster,
      cards: clients.cards,
      wallet: clients.wallet,
    };
    const sweeper = matchdaySweeper(deps);
    return {
      // An upload after results time makes its matchday ready to score: the sweeper looks at once.
      useCases: matchdayUseCases(deps, { resultsImported: () => sweeper.wake() }),
      jobs: [sweeper],
      close: async () => clients.close(),
    };
  },
};
