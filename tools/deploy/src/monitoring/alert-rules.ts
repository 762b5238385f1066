/**
 * Touchline's alerts, the one source of the PrometheusRule in k8s/, the plain rules file promtool
 * checks, and their `promtool test rules` cases (gen-monitoring.ts writes all three). Each alert
 * carries series that fire it and series that keep it quiet. Runbooks: docs/operations.md, "What
 * each alert would mean".
 */
export interface Series {
  series: string;
  /** promtool's expanding notation, one sample per minute: '0x20', '1+1x30'. */
  values: string;
}

export interface AlertRule {
  alert: string;
  expr: string;
  /** How long the condition must hold; the observe run shortens it (rule-files.ts). */
  for: string;
  /**
   * The expression `npm run observe` uses instead, when a threshold in time would outlast its run
   * (its rules variant; the threshold only, never the series or the labels).
   */
  observeExpr?: string;
  severity: 'page' | 'ticket';
  summary: string;
  /** The row of docs/operations.md's alert table this alert stands for. */
  runbook: string;
  test: {
    /** When the firing series have held long enough (promtool eval_time). */
    evalTime: string;
    firing: Series[];
    /** Labels the firing alert carries besides alertname and severity. */
    labels: Record<string, string>;
    healthy: Series[];
  };
}

const NS = 'namespace="touchline"';

export const ALERT_RULES: AlertRule[] = [
  {
    alert: 'TouchlineProcessDown',
    expr: 'up{job=~".*touchline.*"} == 0',
    for: '1m',
    severity: 'page',
    summary: 'A Touchline process does not answer its metrics scrape (down, or stuck)',
    runbook: 'service pods not Ready',
    test: {
      evalTime: '5m',
      firing: [{ series: 'up{job="touchline", process="wallet-payments"}', values: '1 1 0x10' }],
      labels: { job: 'touchline', process: 'wallet-payments' },
      healthy: [{ series: 'up{job="touchline", process="wallet-payments"}', values: '1x10' }],
    },
  },
  {
    alert: 'TouchlineDeploymentNotReady',
    expr: `kube_deployment_status_replicas_available{${NS}} < kube_deployment_spec_replicas{${NS}}`,
    for: '10m',
    severity: 'page',
    summary:
      'A Touchline Deployment has fewer Ready pods than it asks for (health NOT_SERVING or /readyz 503)',
    runbook: 'service pods not Ready / gateway pods not Ready',
    test: {
      evalTime: '15m',
      firing: [
        {
          series: `kube_deployment_status_replicas_available{${NS}, deployment="touchline-wallet-payments"}`,
          values: '1x20',
        },
        {
          series: `kube_deployment_spec_replicas{${NS}, deployment="touchline-wallet-payments"}`,
          values: '2x20',
        },
      ],
      labels: { namespace: 'touchline', deployment: 'touchline-wallet-payments' },
      healthy: [
        {
          series: `kube_deployment_status_replicas_available{${NS}, deployment="touchline-wallet-payments"}`,
          values: '2x20',
        },
        {
          series: `kube_deployment_spec_replicas{${NS}, deployment="touchline-wallet-payments"}`,
          values: '2x20',
        },
      ],
    },
  },
  {
    alert: 'TouchlineCrashLooping',
    expr: `max by (namespace, pod) (kube_pod_container_status_waiting_reason{${NS}, reason="CrashLoopBackOff"}) == 1`,
    for: '5m',
    severity: 'page',
    summary: 'A Touchline pod is in CrashLoopBackOff (its log names each bad variable)',
    runbook: 'CrashLoopBackOff right after a deploy',
    test: {
      evalTime: '10m',
      firing: [
        {
          series: `kube_pod_container_status_waiting_reason{${NS}, pod="touchline-gateway-1", reason="CrashLoopBackOff"}`,
          values: '1x15',
        },
      ],
      labels: { namespace: 'touchline', pod: 'touchline-gateway-1' },
      healthy: [
        {
          series: `kube_pod_container_status_waiting_reason{${NS}, pod="touchline-gateway-1", reason="CrashLoopBackOff"}`,
          values: '0x15',
        },
      ],
    },
  },
  {
    alert: 'TouchlineMigrationFailed',
    expr: `kube_job_status_failed{${NS}, job_name=~"touchline-.+-migrate"} > 0`,
    for: '0m',
    severity: 'ticket',
    summary: 'A migration Job failed: the release stopped before rolling, nothing changed',
    runbook: 'migration Job failed',
    test: {
      evalTime: '2m',
      firing: [
        { series: `kube_job_status_failed{${NS}, job_name="touchline-trading-migrate"}`, values: '1x5' },
      ],
      labels: { namespace: 'touchline', job_name: 'touchline-trading-migrate' },
      healthy: [
        { series: `kube_job_status_failed{${NS}, job_name="touchline-trading-migrate"}`, values: '0x5' },
      ],
    },
  },
  {
    alert: 'TouchlineGatewayErrors',
    expr: 'sum by (job) (rate(touchline_http_requests_total{status=~"5.."}[5m])) / sum by (job) (rate(touchline_http_requests_total[5m])) > 0.05',
    for: '5m',
    severity: 'page',
    summary: 'More than 5% of the gateway answers are 5xx',
    runbook: 'gateway 5xx rate or p99 latency above target',
    test: {
      evalTime: '15m',
      firing: [
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/market/buy/:id", method="POST", status="200"}',
          values: '0+60x20',
        },
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/market/buy/:id", method="POST", status="500"}',
          values: '0+10x20',
        },
      ],
      labels: { job: 'touchline' },
      healthy: [
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/market/buy/:id", method="POST", status="200"}',
          values: '0+60x20',
        },
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/market/buy/:id", method="POST", status="500"}',
          values: '0+1x20',
        },
      ],
    },
  },
  {
    alert: 'TouchlineGatewaySlow',
    expr: 'histogram_quantile(0.99, sum by (job, le) (rate(touchline_http_request_duration_seconds_bucket{route!="/api/notifications/stream"}[5m]))) > 2',
    for: '10m',
    severity: 'page',
    summary: "The gateway's p99 answer time is above 2 s",
    runbook: 'gateway 5xx rate or p99 latency above target',
    test: {
      evalTime: '20m',
      firing: [
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="1"}',
          values: '0+50x30',
        },
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="5"}',
          values: '0+100x30',
        },
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="+Inf"}',
          values: '0+100x30',
        },
      ],
      labels: { job: 'touchline' },
      healthy: [
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="1"}',
          values: '0+100x30',
        },
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="5"}',
          values: '0+100x30',
        },
        {
          series:
            'touchline_http_request_duration_seconds_bucket{job="touchline", route="/api/market", method="GET", le="+Inf"}',
          values: '0+100x30',
        },
      ],
    },
  },
  {
    alert: 'TouchlineLoadShed',
    expr: 'sum by (job, status) (rate(touchline_http_refused_total[5m])) > 1',
    for: '10m',
    severity: 'ticket',
    summary:
      'The gateway refuses more than 1 request/s with Retry-After (503: an upstream saturated; 429: a client floods)',
    runbook: 'gateway 503/429 with Retry-After rising',
    test: {
      evalTime: '20m',
      firing: [
        {
          series: 'touchline_http_refused_total{job="touchline", route="/api/*", status="503"}',
          values: '0+300x30',
        },
      ],
      labels: { job: 'touchline', status: '503' },
      healthy: [
        {
          series: 'touchline_http_refused_total{job="touchline", route="/api/*", status="503"}',
          values: '0+6x30',
        },
      ],
    },
  },
  {
    alert: 'TouchlineHpaAtMax',
    expr: `kube_horizontalpodautoscaler_status_current_replicas{${NS}} >= kube_horizontalpodautoscaler_spec_max_replicas{${NS}}`,
    for: '15m',
    severity: 'ticket',
    summary: 'An autoscaler has run at maxReplicas for 15 minutes',
    runbook: 'HPA at maxReplicas',
    test: {
      evalTime: '20m',
      firing: [
        {
          series: `kube_horizontalpodautoscaler_status_current_replicas{${NS}, horizontalpodautoscaler="touchline-gateway"}`,
          values: '10x25',
        },
        {
          series: `kube_horizontalpodautoscaler_spec_max_replicas{${NS}, horizontalpodautoscaler="touchline-gateway"}`,
          values: '10x25',
        },
      ],
      labels: { namespace: 'touchline', horizontalpodautoscaler: 'touchline-gateway' },
      healthy: [
        {
          series: `kube_horizontalpodautoscaler_status_current_replicas{${NS}, horizontalpodautoscaler="touchline-gateway"}`,
          values: '4x25',
        },
        {
          series: `kube_horizontalpodautoscaler_spec_max_replicas{${NS}, horizontalpodautoscaler="touchline-gateway"}`,
          values: '10x25',
        },
      ],
    },
  },
  {
    alert: 'TouchlineOutboxBacklog',
    expr: 'max by (service) (touchline_outbox_oldest_age_seconds) > 60',
    for: '5m',
    severity: 'page',
    summary:
      "A service's relay has not published its oldest outbox row for over a minute (Kafka down or the lease holder stuck)",
    runbook: 'outbox backlog (unpublished rows growing)',
    test: {
      evalTime: '10m',
      firing: [{ series: 'touchline_outbox_oldest_age_seconds{service="cards-market"}', values: '0+60x15' }],
      labels: { service: 'cards-market' },
      healthy: [
        {
          series: 'touchline_outbox_oldest_age_seconds{service="cards-market"}',
          values: '0 1 0 2 0 1 0 0 0 0 0 0 0 0 0',
        },
      ],
    },
  },
  {
    alert: 'TouchlineConsumerLag',
    expr: 'sum by (group, topic) (touchline_consumer_offset_lag) > 500',
    for: '10m',
    severity: 'ticket',
    summary: 'A consumer group is more than 500 events behind a topic for 10 minutes',
    runbook: 'consumer group lag growing',
    test: {
      evalTime: '20m',
      firing: [
        {
          series:
            'touchline_consumer_offset_lag{group="missions", topic="market.sale.completed", partition="0"}',
          values: '0+100x25',
        },
      ],
      labels: { group: 'missions', topic: 'market.sale.completed' },
      healthy: [
        {
          series:
            'touchline_consumer_offset_lag{group="missions", topic="market.sale.completed", partition="0"}',
          values: '0 3 0 5 0x20',
        },
      ],
    },
  },
  {
    alert: 'TouchlineConsumerFailing',
    expr: 'sum by (group, topic) (rate(touchline_inbox_failures_total[5m])) > 0',
    for: '10m',
    severity: 'ticket',
    summary: 'A consumer keeps failing on an event (its partition waits behind it)',
    runbook: 'consumer group lag growing',
    test: {
      evalTime: '20m',
      firing: [
        {
          series: 'touchline_inbox_failures_total{group="trading", topic="cards.card.transferred"}',
          values: '0+2x25',
        },
      ],
      labels: { group: 'trading', topic: 'cards.card.transferred' },
      healthy: [
        {
          series: 'touchline_inbox_failures_total{group="trading", topic="cards.card.transferred"}',
          values: '0 1 1x25',
        },
      ],
    },
  },
  {
    alert: 'TouchlineLedgerDrift',
    expr: 'touchline_ledger_sum_coins != 0',
    for: '1m',
    severity: 'page',
    summary: 'The ledger accounts do not sum to 0: money is inconsistent (stop cash-outs, reconcile)',
    runbook: 'ledger verification failed (VerifyLedger not ok)',
    test: {
      evalTime: '5m',
      firing: [{ series: 'touchline_ledger_sum_coins{service="wallet-payments"}', values: '0 0 25x8' }],
      labels: { service: 'wallet-payments' },
      healthy: [{ series: 'touchline_ledger_sum_coins{service="wallet-payments"}', values: '0x10' }],
    },
  },
  {
    alert: 'TouchlineHoldsOverdue',
    expr: 'touchline_ledger_overdue_holds > 0',
    for: '5m',
    severity: 'ticket',
    summary: 'Wallet holds stay open past their timeout: a sweeper cannot settle them',
    runbook: 'sagas pending longer than a few minutes',
    test: {
      evalTime: '10m',
      firing: [{ series: 'touchline_ledger_overdue_holds{service="wallet-payments"}', values: '3x15' }],
      labels: { service: 'wallet-payments' },
      healthy: [{ series: 'touchline_ledger_overdue_holds{service="wallet-payments"}', values: '0x15' }],
    },
  },
  {
    alert: 'TouchlineSagasStuck',
    expr: 'max by (service, saga) (touchline_saga_oldest_pending_seconds) > 180',
    observeExpr: 'max by (service, saga) (touchline_saga_oldest_pending_seconds) > 20',
    for: '2m',
    severity: 'page',
    summary: 'A saga has been pending for more than 3 minutes: a sweeper cannot settle it (a peer down)',
    runbook: 'sagas pending longer than a few minutes',
    test: {
      evalTime: '10m',
      firing: [
        {
          series: 'touchline_saga_oldest_pending_seconds{service="cards-market", saga="buy"}',
          values: '0+60x15',
        },
      ],
      labels: { service: 'cards-market', saga: 'buy' },
      healthy: [
        {
          series: 'touchline_saga_oldest_pending_seconds{service="cards-market", saga="buy"}',
          values: '0 10 0 20 0 0x10',
        },
      ],
    },
  },
  {
    alert: 'TouchlineStripeWebhookFailures',
    expr: 'sum by (job) (rate(touchline_http_requests_total{route="/api/stripe/webhook", status!~"2.."}[10m])) > 0',
    for: '10m',
    severity: 'ticket',
    summary: "Stripe's webhook calls fail (a rotated STRIPE_WEBHOOK_SECRET, or the wallet down)",
    runbook: 'Stripe webhook failures',
    test: {
      evalTime: '20m',
      firing: [
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/stripe/webhook", method="POST", status="400"}',
          values: '0+1x25',
        },
      ],
      labels: { job: 'touchline' },
      healthy: [
        {
          series:
            'touchline_http_requests_total{job="touchline", route="/api/stripe/webhook", method="POST", status="200"}',
          values: '0+1x25',
        },
      ],
    },
  },
  {
    alert: 'TouchlineKafkaUnderReplicated',
    expr: 'sum(kafka_server_replicamanager_underreplicatedpartitions) > 0',
    for: '5m',
    severity: 'page',
    summary:
      'Kafka has under-replicated partitions (a broker down or slow; writes stop below min.insync.replicas)',
    runbook: 'Kafka under-replicated partitions / offline',
    test: {
      evalTime: '10m',
      firing: [
        {
          series: 'kafka_server_replicamanager_underreplicatedpartitions{pod="touchline-dual-role-1"}',
          values: '4x15',
        },
      ],
      labels: {},
      healthy: [
        {
          series: 'kafka_server_replicamanager_underreplicatedpartitions{pod="touchline-dual-role-1"}',
          values: '0x15',
        },
      ],
    },
  },
  {
    alert: 'TouchlinePostgresConnectionsHigh',
    expr: 'sum by (namespace) (cnpg_backends_total{namespace="touchline"}) > 240',
    for: '5m',
    severity: 'ticket',
    summary: 'Postgres connections are above 80% of max_connections (300): replicas × pool size',
    runbook: 'Postgres connections near max_connections (300)',
    test: {
      evalTime: '10m',
      firing: [
        { series: 'cnpg_backends_total{namespace="touchline", pod="touchline-pg-1"}', values: '260x15' },
      ],
      labels: { namespace: 'touchline' },
      healthy: [
        { series: 'cnpg_backends_total{namespace="touchline", pod="touchline-pg-1"}', values: '90x15' },
      ],
    },
  },
];
