import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import { allRoutes } from '@touchline/contract';
import { metrics, type Logger } from '@touchline/kit';
import type { Clients } from './clients';
import { DeviceCookies } from './device-cookies';
import type { GatewayConfig, Upstream } from './config';
import { compressAnswers } from './http/compress-answers';
import { SharedAnswers } from './http/shared-answers';
import { Usernames } from './compose/usernames';
import { UserBadges } from './compose/user-badges';
import { dropSharedOnMutation, sharedAnswersWatcher } from './http/shared-changes';
import { dispatchToRouters } from './http/route-dispatch';
import { sessionEndings } from './live/endings';
import { LiveHub } from './live/hub';
import { loadSession, requireSession } from './middleware/auth';
import { apiNotFound, errorHandler } from './middleware/errors';
import { hostCheck, HostPolicy } from './middleware/allowed-hosts';
import { limitInFlight } from './middleware/in-flight';
import { shedWhileLagging } from './middleware/loop-lag';
import { inFlightLimits, maxLoopLagMs, queueWaitMs } from './middleware/shedding';
import { originCheck } from './middleware/origin-check';
import { RULES, RateLimits } from './middleware/rate-limit';
import { recordRequests } from './middleware/metrics';
import { requestBudget } from './middleware/request-budget';
import { requestId } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { series } from './middleware/series';
import { refuseControlCharacters } from './middleware/text-fields';
import { jsonBodies, refuseMalformedPath } from './middleware/transport';
import { adminRoutes } from './routes/admin';
import { adminMatchdayRoutes } from './routes/admin-matchdays';
import { authRoutes } from './routes/auth';
import { cardsRoutes } from './routes/cards';
import { leaderboardRoutes } from './routes/leaderboard';
import { mountLiveStream } from './routes/live-stream';
import { cashoutRoutes } from './routes/cashout';
import { marketRoutes } from './routes/market';
import { matchdayRoutes } from './routes/matchday';
import { adminChallengeRoutes, challengeRoutes } from './routes/challenges';
import { missionRoutes } from './routes/missions';
import { notificationRoutes } from './routes/notifications';
import { packRoutes } from './routes/packs';
import { paymentRoutes, stripeWebhookRoutes } from './routes/payments';
import { promoRoutes } from './routes/promo';
import { tradeHistoryRoutes } from './routes/trade-history';
import { tradeRoutes } from './routes/trades';
import { watchlistRoutes } from './routes/watchlist';
import { auctionRoutes } from './routes/auctions';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { dependencyCheck, healthRoutes } from './routes/health';
import { Readiness } from './http/readiness';
import { probesFromPodNetworkOnly } from './middleware/probe-access';
import { openApiRoutes } from './routes/openapi';
import { userRoutes } from './routes/user';
import { SessionVerifier, type CookieSettings } from './session';
import type { KeyValueStore } from './store';
import { mountWeb } from './web';

export interface GatewayDeps {
  config: GatewayConfig;
  clients: Clients;
  addresses: Record<Upstream, string>;
  store: KeyValueStore;
  logger: Logger;
  /** The event loop's delay in ms (tests set it); the process's own monitor otherwise. */
  loopLagMs?: () => number;
}

/** The app's live hub: closed on shutdown, so its streams end with `closed` (shutdown) at once. */
export function liveHubOf(app: Express): LiveHub {
  return app.locals.live as LiveHub;
}

/** The app's readiness: stopped on shutdown, so /readyz answers 503 from then on. */
export function readinessOf(app: Express): Readiness {
  return app.locals.readiness as Readiness;
}

/** The app's shared-answer store (tests look at what it is asked). */
export function sharedAnswersOf(app: Express): SharedAnswers {
  return app.locals.shared as SharedAnswers;
}

export function publicUrlOf(config: GatewayConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** The express app: /api onto the services, health, the dev mailbox in embedded mode, and the web app. */
export function createApp({ config, clients, addresses, store, logger, loopLagMs }: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('etag', false);

  const cookie: CookieSettings = {
    secure: config.COOKIE_SECURE ? config.COOKIE_SECURE === 'true' : !config.EMBEDDED,
  };
  const publicUrl = publicUrlOf(config);
  const verifier = new SessionVerifier(clients.identity, store, cookie, logger);
  const limits = new RateLimits(store, config.RATE_LIMIT_SCALE);
  const hosts = new HostPolicy(config);
  const devices = new DeviceCookies(store, cookie);
  // One per process: its Live subscription and timers serve every stream of this app.
  const live = new LiveHub(
    config,
    clients.notifications,
    verifier,
    logger,
    sessionEndings(clients.identity, config.APPEAL_EMAIL),
  );
  app.locals.live = live;
  metrics.reportLiveStreams(() => live.size);
  // Answers the same for every player, built once per change; the live events keep them true.
  const shared: SharedAnswers = new SharedAnswers({
    maxAgeMs: config.SHARED_ANSWER_MAX_AGE_MS,
    minIntervalMs: config.SHARED_ANSWER_MIN_INTERVAL_MS,
    capacity: config.SHARED_ANSWERS_CAPACITY,
    onFirstUse: () => live.watch(sharedAnswersWatcher(shared)),
  });
  app.locals.shared = shared;
  const usernames = new Usernames(clients, shared);
  const badges = new UserBadges(
    clients.missions,
    () => live.linked,
    (watcher) => live.watch(watcher),
  );
  const readiness = new Readiness(dependencyCheck(addresses, store));
  app.locals.readiness = readiness;
  // Per client in flight, one count for /api and the probes: an anonymous probe flood is one more
  // anonymous caller.
  const inFlight = limitInFlight(inFlightLimits(config));

  app.use(
    series(
      securityHeaders({
        embedded: config.EMBEDDED,
        stripe: Boolean(config.STRIPE_PUBLISHABLE_KEY),
        devServer: Boolean(config.DEV_WEB_URL),
      }),
      recordRequests(),
      requestId,
      // Every request's upstream calls share one budget from here (the live stream's included).
      requestBudget(config.UPSTREAM_TIMEOUT_MS, (method) => queueWaitMs(config, method)),
      // Transport before code: a Host this deployment does not serve (DNS rebinding) and a path that
      // is not UTF-8 stop here, ahead of every route.
      hostCheck(hosts),
      refuseMalformedPath,
    ),
  );
  // What every /api request goes through first, the live stream's included.
  const apiChecks: RequestHandler[] = [
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    },
    originCheck(hosts),
    jsonBodies(allRoutes),
    refuseControlCharacters,
    cookieParser(),
    loadSession(verifier),
  ];
  // The live stream ahead of compression and the /api router: what a request goes through stays
  // alive as long as it does, and a stream stays open for hours.
  mountLiveStream(app, apiChecks, { hub: live, notifications: clients.notifications, config });
  app.use(healthRoutes(readiness, [probesFromPodNetworkOnly(config.TRUST_PROXY), inFlight]));
  if (config.EMBEDDED) app.use(devMailboxRoutes());
  // Stripe signs the raw body and posts cross-site without cookies: ahead of the /api router's checks.
  app.use(stripeWebhookRoutes(clients));

  const api = express.Router();
  // A process too busy to answer in time refuses before doing any work for the request.
  api.use(
    series(
      shedWhileLagging({
        maxLagMs: maxLoopLagMs(config),
        retryAfterSeconds: config.SHED_RETRY_AFTER_S,
        lagMs: loopLagMs,
      }),
      ...apiChecks,
      // Shedding per client, once the session says who it is; per upstream service in the clients.
      inFlight,
      dropSharedOnMutation(shared),
    ),
  );
  api.use(
    dispatchToRouters([
      authRoutes({ clients, limits, devices, verifier, cookie, publicUrl, appealEmail: config.APPEAL_EMAIL }),
      openApiRoutes(),
    ]),
  );
  const mutationLimit = limits.middleware(RULES.mutation);
  api.use(
    series(requireSession, (req, res, next) =>
      req.method === 'GET' ? next() : mutationLimit(req, res, next),
    ),
  );
  api.use(
    dispatchToRouters([
      userRoutes(clients, verifier, badges, shared),
      cardsRoutes(clients, shared),
      marketRoutes(clients, shared),
      tradeHistoryRoutes(clients),
      tradeRoutes(clients, usernames, shared),
      watchlistRoutes(clients),
      auctionRoutes(clients),
      packRoutes(clients),
      paymentRoutes(clients),
      cashoutRoutes(clients),
      promoRoutes(clients, limits, logger),
      missionRoutes(clients),
      matchdayRoutes(clients),
      challengeRoutes(clients),
      leaderboardRoutes(clients, shared),
      adminRoutes(clients, verifier, { live, appealEmail: config.APPEAL_EMAIL }),
      adminChallengeRoutes(clients),
      adminMatchdayRoutes(clients),
      notificationRoutes(clients),
    ]),
  );
  api.use(apiNotFound);
  app.use('/api', api);

  // The web app's pages and files without a precompressed copy; /api answers compress themselves
  // in one call (http/json-answer.ts, shared-answer.ts), without the middleware's stream.
  app.use(compressAnswers());
  mountWeb(app, { webDist: config.WEB_DIST, devWebUrl: config.DEV_WEB_URL });
  app.use((req, res) => {
    res.status(404).json({ message: `Not found: ${req.path}` });
  });
  app.use(errorHandler(logger, config.SHED_RETRY_AFTER_S));
  return app;
}
