import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry as registers } from './registry';

/**
 * Every series Touchline exports, in one place: the dashboard and the alert rules are checked
 * against these names (tools/deploy). Labels stay bounded: service, route template, RPC, topic,
 * consumer group, saga, job, status. Never a user id, card id or raw path.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const register = [registers];

// ---- RED: the gateway's HTTP routes and every service's RPCs ----
export const httpRequests = new Counter({
  name: 'touchline_http_requests_total',
  help: 'HTTP requests the gateway answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: register,
});
export const httpDuration = new Histogram({
  name: 'touchline_http_request_duration_seconds',
  help: 'Time from a request to its answer, by route template and method',
  labelNames: ['route', 'method'] as const,
  buckets: DURATION_BUCKETS,
  registers: register,
});
export const httpRefused = new Counter({
  name: 'touchline_http_refused_total',
  help: 'Requests refused with Retry-After: 429 (a client over its limit) or 503 (load shed)',
  labelNames: ['route', 'status'] as const,
  registers: register,
});
export const grpcHandled = new Counter({
  name: 'touchline_grpc_server_handled_total',
  help: 'RPCs a service answered, by method and gRPC status code',
  labelNames: ['service', 'method', 'code'] as const,
  registers: register,
});
export const grpcDuration = new Histogram({
  name: 'touchline_grpc_server_handling_seconds',
  help: 'Time a service took to answer an RPC',
  labelNames: ['service', 'method'] as const,
  buckets: DURATION_BUCKETS,
  registers: register,
});

// ---- Event flow: outbox, relay, inbox ----
export const outboxBacklog = new Gauge({
  name: 'touchline_outbox_backlog',
  help: 'Outbox rows not yet published',
  labelNames: ['service'] as const,
  registers: register,
});
export const outboxOldestAge = new Gauge({
  name: 'touchline_outbox_oldest_age_seconds',
  help: 'Age of the oldest unpublished outbox row (0 when none)',
  labelNames: ['service'] as const,
  registers: register,
});
export const outboxPublished = new Counter({
  name: 'touchline_outbox_published_total',
  help: 'Events the relay published, by topic (sales, packs opened, trades, cash-outs: the business flow)',
  labelNames: ['service', 'topic'] as const,
  registers: register,
});
export const outboxPublishFailures = new Counter({
  name: 'touchline_outbox_publish_failures_total',
  help: 'Relay drains that failed to publish (retried on the next poll)',
  labelNames: ['service'] as const,
  registers: register,
});
export const inboxEvents = new Counter({
  name: 'touchline_inbox_events_total',
  help: 'Events a consumer group handled (handled), found in its inbox already (duplicate) or took with no inbox row (untracked)',
  labelNames: ['group', 'topic', 'outcome'] as const,
  registers: register,
});
export const inboxFailures = new Counter({
  name: 'touchline_inbox_failures_total',
  help: 'Handler failures (the bus redelivers the event)',
  labelNames: ['group', 'topic'] as const,
  registers: register,
});
export const inboxRetries = new Counter({
  name: 'touchline_inbox_retries_total',
  help: 'Deliveries of an event whose handling had failed before',
  labelNames: ['group', 'topic'] as const,
  registers: register,
});
export const inboxEventAge = new Histogram({
  name: 'touchline_inbox_event_age_seconds',
  help: 'Time from an event being written to its handling by a consumer group',
  labelNames: ['group', 'topic'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: register,
});
export const consumerOffsetLag = new Gauge({
  name: 'touchline_consumer_offset_lag',
  help: 'Messages behind the end of a partition after the last batch a consumer group handled',
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: register,
});

// ---- Sagas and jobs ----
export const sagasPending = new Gauge({
  name: 'touchline_saga_pending',
  help: 'Sagas not settled yet (buys, pack purchases, trade accepts)',
  labelNames: ['service', 'saga'] as const,
  registers: register,
});
export const sagaOldestPending = new Gauge({
  name: 'touchline_saga_oldest_pending_seconds',
  help: 'How long the oldest unsettled saga has waited (0 when none)',
  labelNames: ['service', 'saga'] as const,
  registers: register,
});
export const jobActions = new Counter({
  name: 'touchline_job_actions_total',
  help: 'Rows a background job acted on (sweepers: sagas settled or undone)',
  labelNames: ['job'] as const,
  registers: register,
});
export const jobFailures = new Counter({
  name: 'touchline_job_failures_total',
  help: 'Background job runs that failed',
  labelNames: ['job'] as const,
  registers: register,
});

// ---- Economy and the ledger's own check (wallet-payments) ----
export const ledgerSum = new Gauge({
  name: 'touchline_ledger_sum_coins',
  labelNames: ['service'] as const,
  help: 'Sum of every ledger account balance: must be 0',
  registers: register,
});
export const ledgerOverdueHolds = new Gauge({
  name: 'touchline_ledger_overdue_holds',
  labelNames: ['service'] as const,
  help: 'Open holds older than their timeout',
  registers: register,
});
export const platformBalance = new Gauge({
  name: 'touchline_ledger_platform_balance_coins',
  help: 'Balance of each platform account: coins minted out of a source lower it, coins burned into it raise it',
  labelNames: ['service', 'account'] as const,
  registers: register,
});
// All-time sums from the ledger (ServiceModule.gauges): the counter rises by what the table added.
export const coinsMinted = new Counter({
  name: 'touchline_coins_minted_total',
  help: "Coins that entered players' accounts from the platform's, by the posting's reason (welcome, purchase, promo, mission, refunds)",
  labelNames: ['service', 'source'] as const,
  registers: register,
});
export const coinsBurned = new Counter({
  name: 'touchline_coins_burned_total',
  help: "Coins that left players' accounts for the platform's, by the posting's reason (direct sales and fees, packs, trade fees, cash-outs)",
  labelNames: ['service', 'sink'] as const,
  registers: register,
});
export const cashouts = new Gauge({
  name: 'touchline_cashouts',
  help: 'Cash-out requests by status',
  labelNames: ['service', 'status'] as const,
  registers: register,
});
export const cashoutOldestPending = new Gauge({
  name: 'touchline_cashout_oldest_pending_seconds',
  labelNames: ['service'] as const,
  help: 'How long the oldest pending cash-out has waited (0 when none)',
  registers: register,
});
let openLiveStreams: () => number = () => 0;
/** The gateway's live hub says how many streams it holds; read at each scrape. */
export function reportLiveStreams(count: () => number): void {
  openLiveStreams = count;
}
export const liveStreams = new Gauge({
  name: 'touchline_live_streams',
  help: 'Open live streams (SSE) of this gateway',
  registers: register,
  collect() {
    this.set(openLiveStreams());
  },
});
