import { z } from 'zod';
import { booleanFromEnv, logFormatSchema, metricsHostSchema, optionalEnv } from '@touchline/kit';
import { SHARED_ANSWER_COALESCE_MS } from '@touchline/contract';
import { parseHostValue, type HostValue } from './middleware/allowed-hosts';

/** `a.example,b.example:8443`: every entry a plain host name or address, with a port or without. */
const hostList = z
  .string()
  .optional()
  .transform((value, ctx): HostValue[] => {
    const entries = (value ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    return entries.flatMap((entry) => {
      const host = parseHostValue(entry);
      if (host) return [host];
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not a host name or address (name or name:port)`,
      });
      return [];
    });
  });

const gatewayFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Listen address. `npm start` (embedded mode) passes 127.0.0.1 unless HOST is set. */
  HOST: z.string().default('0.0.0.0'),
  /** Port of this process's Prometheus /metrics (kit's metrics/server.ts); none served when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where /metrics listens: loopback unless the deployment opens it (kit's metricsHostSchema), never HOST. */
  METRICS_HOST: metricsHostSchema,
  /** Public address of the site: the Host and Origin checks and links in e-mails use it. */
  PUBLIC_URL: optionalEnv(z.url({ protocol: /^https?$/ })),
  /**
   * More Host values the gateway answers besides PUBLIC_URL's (and loopback's in embedded mode):
   * comma-separated `name` (any port) or `name:port`. Any other Host gets 421 (DNS rebinding).
   */
  ALLOWED_HOSTS: hostList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` or `json`; unset: pretty when stdout is a terminal (kit's createLogger). */
  LOG_FORMAT: logFormatSchema,
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/ })),
  /** Embedded mode (npm start): serves the dev mailbox and uses non-Secure cookies on http://localhost. */
  EMBEDDED: booleanFromEnv,
  /** Secure cookies; default on outside embedded mode. */
  COOKIE_SECURE: optionalEnv(z.enum(['true', 'false'])),
  /** Folder of the built web app; unset or missing → API only. */
  WEB_DIST: optionalEnv(z.string()),
  /** In `npm run dev`: the Vite dev server the page is proxied to. */
  DEV_WEB_URL: optionalEnv(z.url()),
  /** Number of reverse proxies in front (for the client IP used by rate limits). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Multiplies every rate-limit allowance (load tests and e2e raise it; 1 in production). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * A request's time budget for its upstream calls, counted from its start: a call gets what is left
   * (a route that asks more for one call, like a buy's 15 s, stretches it); none is left → 503, unsent.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * Shedding (issue 28): calls in flight to one upstream service from this process; more wait for a
   * slot. 48 is a few times a service's database pool (10): enough to keep it busy, not so many that
   * the wait moves inside the service, where it cannot be refused.
   */
  UPSTREAM_CONCURRENCY: z.coerce.number().int().positive().default(48),
  /** Calls that may wait for a slot per upstream service; one more is refused with 503 at once. */
  UPSTREAM_QUEUE: z.coerce.number().int().min(0).default(256),
  /**
   * The longest a call waits for a slot (then 503). Once the oldest waiting call has waited half of
   * it, new calls are refused at once: the queue is standing, and a longer one would only turn into
   * timeouts (shedding/call-gate.ts in the kit).
   */
  UPSTREAM_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(1_000),
  /**
   * The longest a read's call waits for a slot (then 503): a read is safe to ask again and worth
   * nothing late, so under a crowd it is refused within this rather than queued toward its deadline
   * (issue 41: reads had answered 504 after seconds in the queue). Not a live stream's opening,
   * which waits like a change (routes/live-stream.ts).
   */
  UPSTREAM_READ_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(100),
  /** Requests one signed-in user may have in flight in this process (all tabs); one more is refused with 429. */
  IN_FLIGHT_PER_USER: z.coerce.number().int().positive().default(32),
  /** Requests without a session one client address may have in flight in this process; one more → 429. */
  IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  /**
   * Connections one peer address may hold open (IPv6: one /64); one more is answered 429 and
   * closed. 0: no limit. Not applied behind a proxy (TRUST_PROXY > 0), whose address every
   * connection has: the proxy limits per client. Room for the live streams of an address
   * (LIVE_STREAMS_PER_ADDRESS) and a few browsers' connections besides.
   */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  /**
   * Connections this process holds at most; one more is answered 503 and closed. Unset: what the
   * open-file limit leaves after the descriptors the gateway keeps for itself (http/open-files.ts);
   * a value above that stops the start.
   */
  CONNECTIONS_MAX: optionalEnv(z.coerce.number().int().positive()),
  /**
   * Connections the kernel holds for the gateway to accept (listen's backlog; Linux caps it at
   * net.core.somaxconn). Node's 511 overflowed in a crowd's ramp (1,000 new connections in a second):
   * a dropped SYN is sent again only 1, 3, 7 s later; a queued one waits for the next turn of the
   * loop (docs/decisions/0019-the-gateways-priority.md).
   */
  LISTEN_BACKLOG: z.coerce.number().int().positive().default(4_096),
  /** A request's head must arrive within this (then 408 and closed): half-open connections go. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A request's body must have arrived within this from its start (a live stream's answer is not counted). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * An idle keep-alive connection closes after this. Behind a proxy that reuses its upstream
   * connections, longer than its idle timeout (the chart: 65 s, ingress-nginx keeps them 60 s), or
   * it may send on a connection the gateway is closing.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * Refuse /api requests (503) while the event loop's delay is above this many ms
   * (middleware/loop-lag.ts). Default 1,000 on the stack and in a cluster (at 250 ms, 250 crowd
   * players got 670 refusals and no better p99); 0 (off) embedded, where every service shares the
   * one loop and PGlite's queries block it by design.
   */
  OVERLOAD_LAG_MS: optionalEnv(z.coerce.number().int().min(0)),
  /** The Retry-After (seconds) of a request shed with 503 or 429, and of a refused connection. */
  SHED_RETRY_AFTER_S: z.coerce.number().int().positive().default(2),
  /** How often every open live stream gets a heartbeat comment (one timer for all; idle proxies close silent streams). */
  SSE_HEARTBEAT_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * Where a banned player writes to appeal: shown with the ban on their open screen (issue 43). An
   * address people can write to, so it is checked as one at start-up.
   */
  APPEAL_EMAIL: z
    .email({ error: 'APPEAL_EMAIL must be an e-mail address (where banned players write to appeal)' })
    .default('support@touchline.example'),
  /** How often the open live streams' sessions are checked (one timer for all: revoked, expired). */
  SSE_SESSION_CHECK_MS: z.coerce.number().int().positive().default(15_000),
  /** The `retry:` an EventSource waits before reconnecting after the stream ends. */
  SSE_RETRY_MS: z.coerce.number().int().positive().default(3_000),
  /** Live streams one user may hold in this process; opening one more closes the oldest (`closed`, replaced). */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  /** Live streams one client address may hold in this process; one more is refused with 429. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** Live streams this process holds at most; one more is refused with 503 (another replica takes it). */
  LIVE_STREAMS_CAPACITY: z.coerce.number().int().positive().default(20_000),
  /**
   * Changes for every stream (the market, prices, the leaderboard) heard within this many ms go out
   * together, one write per stream (issue 41: one write per change and stream made the work grow
   * with the square of the crowd); 0 writes each at once. A player's own changes never wait.
   */
  LIVE_EVERYONE_BATCH_MS: z.coerce.number().int().min(0).max(2_000).default(250),
  /** The Retry-After (seconds) of a refused stream. */
  LIVE_RETRY_AFTER_S: z.coerce.number().int().positive().default(30),
  /**
   * The shared answers (market page, all players, rosters …) are rebuilt at the latest this long
   * after they were built, even when no event said they changed: a missed event costs this much.
   */
  /**
   * A changed shared answer built less than this long ago still serves (http/shared-answers.ts): the
   * market changes with every buy, and is rebuilt at most this often per filter and sort.
   */
  SHARED_ANSWER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(SHARED_ANSWER_COALESCE_MS),
  SHARED_ANSWER_MAX_AGE_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Shared answers kept per process (every route and query variant together): room for every
   * market filter in use and the price histories players are looking at (small, but many).
   */
  SHARED_ANSWERS_CAPACITY: z.coerce.number().int().positive().default(1024),
  /** Set when payments go through Stripe: the page's CSP then lets Stripe.js load and talk to Stripe. */
  STRIPE_PUBLISHABLE_KEY: optionalEnv(z.string().regex(/^pk_/, 'expected a Stripe publishable key (pk_…)')),
});
export const gatewayConfigSchema = gatewayFields.refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
  path: ['HEADERS_TIMEOUT_MS'],
  message: 'must be at most REQUEST_TIMEOUT_MS (the head is part of the request)',
});
export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/** Every service the gateway talks to; each needs `<NAME>_ADDR`. */
export const UPSTREAMS = [
  'identity',
  'cards-market',
  'trading',
  'missions',
  'matchday',
  'wallet-payments',
  'admin',
  'leaderboard',
  'notifications',
] as const;
export type Upstream = (typeof UPSTREAMS)[number];
