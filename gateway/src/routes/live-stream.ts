import cookieParser from 'cookie-parser';
import express from 'express';
import { api } from '@touchline/contract';
import type { NotificationsClient } from '../clients/notifications';
import type { GatewayConfig } from '../config';
import { ContractRouter } from '../http/contract-router';
import type { LiveHub } from '../live/hub';
import { loadSession } from '../middleware/auth';
import type { SessionVerifier } from '../session';
import { openLiveStream } from './notification-stream';

/**
 * GET /api/notifications/stream, mounted at /api ahead of compression and the /api router: a stream
 * stays open for hours, and everything its request went through stays alive with it (compression's
 * wrappers of the response, each router's state). It needs only the session (the contract's auth
 * check answers 401 without one) and its query; a GET passes no origin check, body parser or
 * mutation limit anyway.
 */
export function liveStreamRoutes(deps: {
  hub: LiveHub;
  notifications: NotificationsClient;
  verifier: SessionVerifier;
  config: Pick<GatewayConfig, 'SSE_RETRY_MS' | 'LIVE_RETRY_AFTER_S'>;
}) {
  const router = express.Router();
  router.use(api.notifications.stream.path.slice('/api'.length), cookieParser(), loadSession(deps.verifier));
  router.use(
    new ContractRouter().stream(api.notifications.stream, ({ req, res, query }) =>
      openLiveStream(
        { hub: deps.hub, notifications: deps.notifications, config: deps.config },
        req,
        res,
        query,
      ),
    ).router,
  );
  return router;
}
