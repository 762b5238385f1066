import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Logger } from '@touchline/kit';
import type { Clients } from './clients';
import type { GatewayConfig, Upstream } from './config';
import { loadSession, requireSession } from './middleware/auth';
import { apiNotFound, errorHandler } from './middleware/errors';
import { originCheck } from './middleware/origin-check';
import { RULES, RateLimits } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { authRoutes } from './routes/auth';
import { cardsRoutes } from './routes/cards';
import { marketRoutes } from './routes/market';
import { packRoutes } from './routes/packs';
import { paymentRoutes, stripeWebhookRoutes } from './routes/payments';
import { promoRoutes } from './routes/promo';
import { testPaymentRoutes } from './routes/test-payments';
import { tradeHistoryRoutes } from './routes/trade-history';
import { tradeRoutes } from './routes/trades';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { healthRoutes } from './routes/health';
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
}

export const BODY_LIMIT = '16kb';

export function publicUrlOf(config: GatewayConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** The express app: /api onto the services, health, the dev mailbox in embedded mode, and the web app. */
export function createApp({ config, clients, addresses, store, logger }: GatewayDeps): Express {
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

  app.use(requestId);
  app.use(healthRoutes(addresses, store));
  if (config.EMBEDDED) app.use(devMailboxRoutes());
  // Stripe signs the raw body and posts cross-site without cookies: ahead of the /api router's checks.
  app.use(stripeWebhookRoutes(clients));

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(originCheck([publicUrl]));
  api.use(
    express.json({ limit: BODY_LIMIT, strict: true, type: ['application/json', 'application/*+json'] }),
  );
  api.use(cookieParser());
  api.use(loadSession(verifier));
  api.use(authRoutes({ clients, limits, verifier, cookie, publicUrl }));
  api.use(requireSession);
  api.use((req, res, next) =>
    req.method === 'GET' ? next() : limits.middleware(RULES.mutation)(req, res, next),
  );
  api.use(userRoutes(clients));
  api.use(cardsRoutes(clients));
  api.use(marketRoutes(clients));
  api.use(tradeHistoryRoutes(clients));
  api.use(tradeRoutes(clients));
  api.use(packRoutes(clients));
  api.use(paymentRoutes(clients));
  api.use(testPaymentRoutes(clients));
  api.use(promoRoutes(clients, limits, logger));
  api.use(apiNotFound);
  app.use('/api', api);

  mountWeb(app, { webDist: config.WEB_DIST, devWebUrl: config.DEV_WEB_URL });
  app.use((req, res) => {
    res.status(404).json({ message: `Not found: ${req.path}` });
  });
  app.use(errorHandler(logger));
  return app;
}
