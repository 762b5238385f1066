import { checkComponents, checkMigrationJobs, checkNetworkPolicies, checkValuesTopology } from './chart';
import { at, type K8sObject, type Rendered } from './manifests';
import { checkMetricsScrape } from './metrics-scrape';
import { checkPlatform } from './platform';
import { validateObjects } from './schemas';
import { checkValuesSchema, type Values } from './values';

/**
 * Proof that deploy:check can fail: each entry breaks one thing in a copy of the real renders (or
 * values) and names the check that must then report a problem. A mutation that goes unnoticed
 * fails deploy:check, so a check that silently stopped checking cannot pass CI.
 */
interface Mutation {
  name: string;
  run(chart: Rendered, platform: Rendered, values: Values): Promise<string[]> | string[];
}

const copy = <T>(v: T): T => structuredClone(v);

function edit(r: Rendered, kind: string, name: string, change: (o: K8sObject) => void): Rendered {
  const out = copy(r);
  const target = out.objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!target) throw new Error(`mutation target ${kind}/${name} not rendered`);
  change(target);
  return out;
}

const container = (o: K8sObject) =>
  at<Record<string, unknown>[]>(o, 'spec', 'template', 'spec', 'containers')![0]!;

export const MUTATIONS: Mutation[] = [
  {
    name: 'identity without a readiness probe',
    run: (chart) =>
      checkComponents(
        edit(chart, 'Deployment', 'touchline-identity', (o) => delete container(o).readinessProbe),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'trading probing another gRPC service name',
    run: (chart) =>
      checkComponents(
        edit(
          chart,
          'Deployment',
          'touchline-trading',
          (o) =>
            ((container(o).readinessProbe as { grpc: { service: string } }).grpc.service =
              'touchline.identity.Identity'),
        ),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'wallet-payments with a writable root filesystem',
    run: (chart) =>
      checkComponents(
        edit(
          chart,
          'Deployment',
          'touchline-wallet-payments',
          (o) => ((container(o).securityContext as Record<string, unknown>).readOnlyRootFilesystem = false),
        ),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'CARDS_MARKET_ADDR of trading pointing at a port the Service does not serve',
    run: (chart) =>
      checkComponents(
        edit(
          chart,
          'ConfigMap',
          'touchline-trading',
          (o) => (o.data!.CARDS_MARKET_ADDR = 'touchline-cards-market:50052'),
        ),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'an env value the service refuses (MARKET_HOURS=sometimes)',
    run: (chart) =>
      checkComponents(
        edit(chart, 'ConfigMap', 'touchline-cards-market', (o) => (o.data!.MARKET_HOURS = 'sometimes')),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'admin without KAFKA_BROKERS',
    run: (chart) =>
      checkComponents(
        edit(chart, 'ConfigMap', 'touchline-admin', (o) => delete o.data!.KAFKA_BROKERS),
        { expectHpa: false, expectPdb: false },
      ),
  },
  {
    name: 'missions admitting calls from trading, which does not call it',
    run: (chart) =>
      checkNetworkPolicies(
        edit(chart, 'NetworkPolicy', 'touchline-missions', (o) =>
          at<{ from: unknown[] }[]>(o, 'spec', 'ingress')![0]!.from.push({
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'trading' } },
          }),
        ),
      ),
  },
  {
    name: 'leaderboard without its metrics container port',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'Deployment', 'touchline-leaderboard', (o) => {
          const c = container(o) as { ports: { name: string }[] };
          c.ports = c.ports.filter((x) => x.name !== 'metrics');
        }),
        values.metrics,
      ),
  },
  {
    name: 'METRICS_PORT of missions not its metrics port',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'ConfigMap', 'touchline-missions', (o) => (o.data!.METRICS_PORT = '9465')),
        values.metrics,
      ),
  },
  {
    name: 'the gateway serving /metrics on loopback only',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'ConfigMap', 'touchline-gateway', (o) => delete o.data!.METRICS_HOST),
        values.metrics,
      ),
  },
  {
    name: 'a PodMonitor that leaves out the gateway',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'PodMonitor', 'touchline', (o) => {
          at<{ values: string[] }[]>(o, 'spec', 'selector', 'matchExpressions')![0]!.values = ['service'];
        }),
        values.metrics,
      ),
  },
  {
    name: 'trading admitting Prometheus on its gRPC port too',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'NetworkPolicy', 'touchline-trading', (o) => {
          const rules = at<{ ports: { port: string }[] }[]>(o, 'spec', 'ingress')!;
          rules.find((r) => r.ports.some((x) => x.port === 'metrics'))!.ports.push({ port: 'grpc' });
        }),
        values.metrics,
      ),
  },
  {
    name: 'identity admitting any pod of the monitoring namespace on its metrics port',
    run: (chart, _p, values) =>
      checkMetricsScrape(
        edit(chart, 'NetworkPolicy', 'touchline-identity', (o) => {
          const rules = at<{ from: Record<string, unknown>[]; ports: { port: string }[] }[]>(
            o,
            'spec',
            'ingress',
          )!;
          delete rules.find((r) => r.ports.some((x) => x.port === 'metrics'))!.from[0]!.podSelector;
        }),
        values.metrics,
      ),
  },
  {
    name: 'a peer in values that the service does not declare',
    run: (_c, _p, values) => {
      const v = copy(values);
      v.components['leaderboard']!.peers = ['identity'];
      return checkValuesTopology(v);
    },
  },
  {
    name: 'values with a misspelt key (replica instead of replicas)',
    run: (_c, _p, values) => {
      const v = copy(values) as Values & { components: Record<string, Record<string, unknown>> };
      v.components['identity']!.replica = 3;
      return checkValuesSchema('helm/touchline', v);
    },
  },
  {
    name: 'a migration Job with the wrong database secret',
    run: (chart) =>
      checkMigrationJobs(
        edit(chart, 'Job', 'touchline-identity-migrate', (o) => {
          for (const e of (container(o).env as { valueFrom?: { secretKeyRef?: { name: string } } }[]) ?? [])
            if (e.valueFrom?.secretKeyRef) e.valueFrom.secretKeyRef.name = 'touchline-db-admin';
        }),
      ),
  },
  {
    name: 'a catalogue topic without its KafkaTopic',
    run: (chart, platform) => {
      const p = copy(platform);
      p.objects = p.objects.filter(
        (o) => !(o.kind === 'KafkaTopic' && o.metadata.name === 'wallet.coins.credited'),
      );
      return checkPlatform(p, [chart]);
    },
  },
  {
    name: 'a database role that may create databases',
    run: (chart, platform) =>
      checkPlatform(
        edit(platform, 'Cluster', 'touchline-pg', (o) => {
          at<Record<string, unknown>[]>(o, 'spec', 'managed', 'roles')![0]!.createdb = true;
        }),
        [chart],
      ),
  },
  {
    name: 'a Deployment with a misspelt type (replicas: "two")',
    run: (chart) =>
      validateObjects(edit(chart, 'Deployment', 'touchline-gateway', (o) => (o.spec!.replicas = 'two'))),
  },
  {
    name: "a KafkaTopic without partitions, against Strimzi's CRD",
    run: (_chart, platform) =>
      validateObjects(
        edit(platform, 'KafkaTopic', 'cards.card.minted', (o) => {
          (o.spec as Record<string, unknown>).partitions = 'six';
        }),
      ),
  },
  {
    name: "a misspelt field in a Kafka listener, against Strimzi's CRD",
    run: (_chart, platform) =>
      validateObjects(
        edit(platform, 'Kafka', 'touchline', (o) => {
          at<Record<string, unknown>[]>(o, 'spec', 'kafka', 'listeners')![0]!.tsl = false;
        }),
      ),
  },
  {
    name: 'a CloudNativePG Cluster without instances, against its CRD',
    run: (_chart, platform) =>
      validateObjects(edit(platform, 'Cluster', 'touchline-pg', (o) => delete o.spec!.instances)),
  },
];
