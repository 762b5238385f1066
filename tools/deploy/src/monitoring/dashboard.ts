/**
 * The Grafana dashboard (JSON, in a ConfigMap the Grafana sidecar loads): the golden signals per
 * service, the event flow, the sagas and the economy, on the series of libs/kit/src/metrics.
 */
interface Panel {
  title: string;
  unit: string;
  exprs: { expr: string; legend: string }[];
}

interface Row {
  title: string;
  panels: Panel[];
}

const RATE = '[5m]';

export const DASHBOARD_ROWS: Row[] = [
  {
    title: 'Golden signals: gateway routes',
    panels: [
      {
        title: 'Requests by route',
        unit: 'reqps',
        exprs: [{ expr: `sum by (route) (rate(touchline_http_requests_total${RATE}))`, legend: '{{route}}' }],
      },
      {
        title: 'Errors (5xx) by route',
        unit: 'reqps',
        exprs: [
          {
            expr: `sum by (route, status) (rate(touchline_http_requests_total{status=~"5.."}${RATE}))`,
            legend: '{{route}} {{status}}',
          },
        ],
      },
      {
        title: 'p99 answer time by route',
        unit: 's',
        exprs: [
          {
            expr: `histogram_quantile(0.99, sum by (route, le) (rate(touchline_http_request_duration_seconds_bucket{route!="/api/notifications/stream"}${RATE})))`,
            legend: '{{route}}',
          },
        ],
      },
      {
        title: 'Refused with Retry-After (429 limit, 503 shed)',
        unit: 'reqps',
        exprs: [
          { expr: `sum by (status) (rate(touchline_http_refused_total${RATE}))`, legend: '{{status}}' },
        ],
      },
    ],
  },
  {
    title: 'Golden signals: services (gRPC)',
    panels: [
      {
        title: 'RPCs by service',
        unit: 'reqps',
        exprs: [
          {
            expr: `sum by (service) (rate(touchline_grpc_server_handled_total${RATE}))`,
            legend: '{{service}}',
          },
        ],
      },
      {
        title: 'RPC errors by service and code',
        unit: 'reqps',
        exprs: [
          {
            expr: `sum by (service, code) (rate(touchline_grpc_server_handled_total{code!="OK"}${RATE}))`,
            legend: '{{service}} {{code}}',
          },
        ],
      },
      {
        title: 'p99 RPC time by service',
        unit: 's',
        exprs: [
          {
            expr: `histogram_quantile(0.99, sum by (service, le) (rate(touchline_grpc_server_handling_seconds_bucket${RATE})))`,
            legend: '{{service}}',
          },
        ],
      },
      {
        title: 'Saturation: CPU and event loop lag per process',
        unit: 's',
        exprs: [
          {
            expr: `rate(process_cpu_seconds_total{job=~".*touchline.*"}${RATE})`,
            legend: 'cpu {{instance}}',
          },
          { expr: 'nodejs_eventloop_lag_p99_seconds{job=~".*touchline.*"}', legend: 'loop p99 {{instance}}' },
        ],
      },
      {
        title: 'Processes up',
        unit: 'short',
        exprs: [{ expr: 'up{job=~".*touchline.*"}', legend: '{{instance}}' }],
      },
    ],
  },
  {
    title: 'Event flow',
    panels: [
      {
        title: 'Outbox backlog and oldest row',
        unit: 'short',
        exprs: [
          { expr: 'max by (service) (touchline_outbox_backlog)', legend: 'rows {{service}}' },
          { expr: 'max by (service) (touchline_outbox_oldest_age_seconds)', legend: 'oldest s {{service}}' },
        ],
      },
      {
        title: 'Events published by topic',
        unit: 'ops',
        exprs: [
          { expr: `sum by (topic) (rate(touchline_outbox_published_total${RATE}))`, legend: '{{topic}}' },
        ],
      },
      {
        title: 'Consumer lag (messages) by group and topic',
        unit: 'short',
        exprs: [
          { expr: 'sum by (group, topic) (touchline_consumer_offset_lag)', legend: '{{group}} {{topic}}' },
        ],
      },
      {
        title: 'Event age at handling, p95',
        unit: 's',
        exprs: [
          {
            expr: `histogram_quantile(0.95, sum by (group, le) (rate(touchline_inbox_event_age_seconds_bucket${RATE})))`,
            legend: '{{group}}',
          },
        ],
      },
      {
        title: 'Handler failures, retries and publish failures',
        unit: 'ops',
        exprs: [
          {
            expr: `sum by (group) (rate(touchline_inbox_failures_total${RATE}))`,
            legend: 'failed {{group}}',
          },
          {
            expr: `sum by (group) (rate(touchline_inbox_retries_total${RATE}))`,
            legend: 'retried {{group}}',
          },
          {
            expr: `sum by (service) (rate(touchline_outbox_publish_failures_total${RATE}))`,
            legend: 'relay {{service}}',
          },
        ],
      },
    ],
  },
  {
    title: 'Sagas',
    panels: [
      {
        title: 'Pending sagas',
        unit: 'short',
        exprs: [{ expr: 'max by (saga) (touchline_saga_pending)', legend: '{{saga}}' }],
      },
      {
        title: 'Oldest pending saga',
        unit: 's',
        exprs: [{ expr: 'max by (saga) (touchline_saga_oldest_pending_seconds)', legend: '{{saga}}' }],
      },
      {
        title: 'Sweeper actions',
        unit: 'ops',
        exprs: [{ expr: `sum by (job) (rate(touchline_job_actions_total${RATE}))`, legend: '{{job}}' }],
      },
      {
        title: 'Overdue wallet holds',
        unit: 'short',
        exprs: [{ expr: 'max(touchline_ledger_overdue_holds)', legend: 'holds' }],
      },
    ],
  },
  {
    title: 'Economy',
    panels: [
      {
        title: 'Ledger sum (must be 0)',
        unit: 'short',
        exprs: [{ expr: 'max(touchline_ledger_sum_coins)', legend: 'sum' }],
      },
      // Every wallet replica reads the same ledger totals: max, not sum, across them.
      {
        title: 'Coins minted per hour, by source',
        unit: 'short',
        exprs: [
          {
            expr: 'max by (source) (increase(touchline_coins_minted_total[1h]))',
            legend: '{{source}}',
          },
        ],
      },
      {
        title: 'Coins burned per hour, by sink',
        unit: 'short',
        exprs: [
          {
            expr: 'max by (sink) (increase(touchline_coins_burned_total[1h]))',
            legend: '{{sink}}',
          },
        ],
      },
      {
        title: 'Sales, packs opened, trades, payments (events per minute)',
        unit: 'short',
        exprs: [
          {
            expr: 'sum by (topic) (rate(touchline_outbox_published_total{topic=~"market.sale.completed|cards.pack.opened|trading.trade.accepted|wallet.payment.succeeded"}[5m])) * 60',
            legend: '{{topic}}',
          },
        ],
      },
      {
        title: 'Cash-outs by status and oldest pending',
        unit: 'short',
        exprs: [
          { expr: 'max by (status) (touchline_cashouts)', legend: '{{status}}' },
          { expr: 'max(touchline_cashout_oldest_pending_seconds)', legend: 'oldest pending (s)' },
        ],
      },
      {
        title: 'Live streams open',
        unit: 'short',
        exprs: [{ expr: 'sum(touchline_live_streams)', legend: 'streams' }],
      },
    ],
  },
];

/** Grafana's dashboard model (schemaVersion 39): a row panel per row, its panels four abreast. */
export function grafanaDashboard(): object {
  const panels: object[] = [];
  let id = 1;
  let y = 0;
  for (const row of DASHBOARD_ROWS) {
    panels.push({
      id: id++,
      type: 'row',
      title: row.title,
      collapsed: false,
      gridPos: { h: 1, w: 24, x: 0, y },
    });
    y += 1;
    row.panels.forEach((panel, i) => {
      panels.push({
        id: id++,
        type: 'timeseries',
        title: panel.title,
        datasource: { type: 'prometheus', uid: '${datasource}' },
        fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
        gridPos: { h: 8, w: 6, x: (i % 4) * 6, y: y + Math.floor(i / 4) * 8 },
        targets: panel.exprs.map((e, t) => ({
          refId: String.fromCharCode(65 + t),
          expr: e.expr,
          legendFormat: e.legend,
        })),
      });
    });
    y += Math.ceil(row.panels.length / 4) * 8;
  }
  return {
    uid: 'touchline-overview',
    title: 'Touchline',
    tags: ['touchline'],
    timezone: 'utc',
    schemaVersion: 39,
    refresh: '30s',
    time: { from: 'now-3h', to: 'now' },
    templating: {
      list: [{ name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Prometheus' }],
    },
    panels,
  };
}

/** Every PromQL expression of the dashboard. */
export function dashboardExprs(): string[] {
  return DASHBOARD_ROWS.flatMap((row) => row.panels.flatMap((p) => p.exprs.map((e) => e.expr)));
}

/** The dashboard in a ConfigMap Grafana's sidecar picks up (label grafana_dashboard). */
export function dashboardConfigMap(): object {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'touchline-dashboard', labels: { grafana_dashboard: '1' } },
    data: { 'touchline.json': JSON.stringify(grafanaDashboard(), null, 2) },
  };
}
