import cookieParser from 'cookie-parser';
import type { Express } from 'express';
import { api } from '@touchline/contract';
import type { NotificationsClient } from '../clients/notifications';
import type { GatewayConfig } from '../config';
import { ContractRouter } from '../http/contract-router';
import type { LiveHub } from '../live/hub';
import { loadSession } from '../middleware/auth';
import type { SessionVerifier } from '../session';
import { openLiveStream } from './notification-stream';

/**
 * GET /api/notifications/stream, registered on the app itself ahead of compression and the /api
 * router: a stream stays open for hours, and what its request went through stays alive with it
 * (compression's wrappers of the response, each router's state). It needs only the session (the
 * contract's auth check answers 401 without one) and its query; a GET passes no origin check, body
 * parser or mutation limit anyway.
 */
export function mountLiveStream(
  app: Express,
  deps: {
    hub: LiveHub;
    notifications: NotificationsClient;
    verifier: SessionVerifier;
    config: Pick<GatewayConfig, 'SSE_RETRY_MS' | 'LIVE_RETRY_AFTER_S'>;
  },
): void {
  const route = api.notifications.stream;
  const { hub, notifications, config } = deps;
  app.get(
    route.path,
    cookieParser(),
    loadSession(deps.verifier),
    ...new ContractRouter('').streamHandlers(route, ({ req, res, query }) =>
      openLiveStream({ hub, notifications, config }, req, res, query),
    ),
  );
}
