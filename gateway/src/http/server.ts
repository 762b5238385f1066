import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import type { GatewayConfig } from '../config';
import { limitConnections } from '../middleware/connection-limits';
import { connectionLimits } from '../middleware/shedding';
import { openFileLimit } from './open-files';

type ServerConfig = Pick<
  GatewayConfig,
  | 'TRUST_PROXY'
  | 'CONNECTIONS_PER_ADDRESS'
  | 'CONNECTIONS_MAX'
  | 'HEADERS_TIMEOUT_MS'
  | 'REQUEST_TIMEOUT_MS'
  | 'KEEP_ALIVE_TIMEOUT_MS'
  | 'SHED_RETRY_AFTER_S'
>;

/**
 * The gateway's HTTP server, not yet listening (issue 40: half-open connections held a gateway's
 * every file descriptor). A request's head must arrive within HEADERS_TIMEOUT_MS and its body
 * within REQUEST_TIMEOUT_MS (Node answers 408 and closes); both stop counting once the request is
 * read, so a live stream (a GET whose answer runs for hours) is never cut. Idle keep-alive
 * connections close after KEEP_ALIVE_TIMEOUT_MS. Node checks the deadlines every
 * connectionsCheckingInterval (30 s by default, which would let a head take 40 s).
 */
export function createGatewayServer(app: Express, config: ServerConfig, fileLimit = openFileLimit()): Server {
  const server = createServer(
    {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.max(100, config.HEADERS_TIMEOUT_MS / 4)),
    },
    app,
  );
  limitConnections(server, connectionLimits(config, fileLimit));
  return server;
}
