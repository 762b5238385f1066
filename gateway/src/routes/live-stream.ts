import type { Express, RequestHandler } from 'express';
import { api } from '@touchline/contract';
import type { NotificationsClient } from '../clients/notifications';
import type { GatewayConfig } from '../config';
import { ContractRouter } from '../http/contract-router';
import type { LiveHub } from '../live/hub';
import { openLiveStream } from './notification-stream';

/**
 * GET /api/notifications/stream, registered on the app itself ahead of compression and the /api
 * router: a stream stays open for hours, and what its request went through stays alive with it
 * (compression's wrappers of the response, each router's state). `apiChecks` are the checks every
 * /api request goes through first (transport, origin, the session); the contract's auth check
 * answers 401 without a session.
 */
export function mountLiveStream(
  app: Express,
  apiChecks: RequestHandler[],
  deps: {
    hub: LiveHub;
    notifications: NotificationsClient;
    config: Pick<GatewayConfig, 'SSE_RETRY_MS' | 'LIVE_RETRY_AFTER_S'>;
  },
): void {
  const route = api.notifications.stream;
  const { hub, notifications, config } = deps;
  app.get(
    route.path,
    ...apiChecks,
    waitLikeAChange,
    ...new ContractRouter('').streamHandlers(route, ({ req, res, query }) =>
      openLiveStream({ hub, notifications, config }, req, res, query),
    ),
  );
}

/**
 * The opening's replay waits for a notifications slot as long as a change does, not a read's short
 * wait (shedding.ts queueWaitMs): a refused stream is not load saved but load made, since its page
 * then asks again for everything the stream would have brought (and the opening is retried). At
 * 1,000 crowd players, 1,414 openings were refused in 30 s under the read's 100 ms.
 */
const waitLikeAChange: RequestHandler = (req, _res, next) => {
  if (req.budget) delete req.budget.queueWaitMs;
  next();
};
