import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TOPICS } from '@touchline/protos';
import { ROOT } from '../paths';
import { topology } from '../topology';
import { at, named, ofKind, type K8sObject, type Rendered } from './manifests';

/**
 * The platform of k8s/ against the code and the chart: a KafkaTopic per catalogue topic; a
 * CloudNativePG role per service with the Secret the chart reads; every client label the chart's
 * pods carry admitted by a policy of k8s/; default-deny in place; and the operators' resources
 * carrying the fields the operators need beyond their schemas.
 */
export function checkPlatform(platform: Rendered, charts: Rendered[]): string[] {
  const problems: string[] = [];

  // Kafka: KRaft with node pools, and the topics of the catalogue, no more, no fewer.
  const kafka = ofKind(platform, 'Kafka')[0];
  if (!kafka) problems.push('no Kafka');
  else {
    if (at(kafka, 'spec', 'zookeeper')) problems.push('Kafka uses ZooKeeper; KRaft is expected');
    if (at(kafka, 'spec', 'kafka', 'config', 'auto.create.topics.enable') !== false)
      problems.push('Kafka lets producers create topics (auto.create.topics.enable must be false)');
  }
  const pools = ofKind(platform, 'KafkaNodePool');
  const roles = new Set(pools.flatMap((p) => at<string[]>(p, 'spec', 'roles') ?? []));
  if (!roles.has('controller') || !roles.has('broker'))
    problems.push('KafkaNodePools do not provide both KRaft controllers and brokers');
  for (const p of pools)
    if (p.metadata.labels?.['strimzi.io/cluster'] !== kafka?.metadata.name)
      problems.push(`KafkaNodePool/${p.metadata.name} is not labelled for the Kafka cluster`);
  const topics = ofKind(platform, 'KafkaTopic');
  const declared = topics.map((t) => at<string>(t, 'spec', 'topicName') ?? t.metadata.name).sort();
  const catalogue = Object.values(TOPICS).sort();
  if (JSON.stringify(declared) !== JSON.stringify(catalogue))
    problems.push(
      `KafkaTopics [${declared.join(', ')}] differ from the event catalogue [${catalogue.join(', ')}]`,
    );
  const brokers = pools
    .filter((p) => (at<string[]>(p, 'spec', 'roles') ?? []).includes('broker'))
    .reduce((n, p) => n + (at<number>(p, 'spec', 'replicas') ?? 0), 0);
  for (const t of topics) {
    if (t.metadata.labels?.['strimzi.io/cluster'] !== kafka?.metadata.name)
      problems.push(`KafkaTopic/${t.metadata.name} is not labelled for the Kafka cluster`);
    const replicas = at<number>(t, 'spec', 'replicas') ?? 0;
    if (replicas > brokers)
      problems.push(`KafkaTopic/${t.metadata.name} wants ${replicas} replicas on ${brokers} brokers`);
    const isr = Number(at(t, 'spec', 'config', 'min.insync.replicas') ?? 1);
    if (isr > replicas)
      problems.push(
        `KafkaTopic/${t.metadata.name}: min.insync.replicas ${isr} above its ${replicas} replicas`,
      );
  }

  // Postgres: one login role per service, named as its schema, with the Secret the chart reads.
  const cluster = ofKind(platform, 'Cluster')[0];
  if (!cluster) problems.push('no CloudNativePG Cluster');
  else {
    const managed =
      at<
        {
          name: string;
          login?: boolean;
          superuser?: boolean;
          createdb?: boolean;
          passwordSecret?: { name: string };
        }[]
      >(cluster, 'spec', 'managed', 'roles') ?? [];
    const sql = (at<string[]>(cluster, 'spec', 'bootstrap', 'initdb', 'postInitApplicationSQL') ?? []).join(
      '\n',
    );
    for (const s of topology()) {
      const role = managed.find((r) => r.name === s.schema);
      if (!role) problems.push(`no database role for ${s.name} (${s.schema})`);
      else {
        if (!role.login || role.superuser || role.createdb)
          problems.push(`role ${s.schema} must log in and be neither superuser nor createdb`);
        if (role.passwordSecret?.name !== `touchline-db-${s.name}`)
          problems.push(
            `role ${s.schema} reads ${role.passwordSecret?.name}, the chart reads touchline-db-${s.name}`,
          );
      }
      if (!sql.includes(`CREATE SCHEMA IF NOT EXISTS ${s.schema} AUTHORIZATION ${s.schema}`))
        problems.push(`schema ${s.schema} is not created owned by its role`);
    }
    if (!/REVOKE ALL ON SCHEMA public FROM PUBLIC/.test(sql))
      problems.push('the public schema is left open to every role');
  }
  const bootstrap = readFileSync(path.join(ROOT, 'k8s/bootstrap-secrets.sh'), 'utf8');
  const pairs = /^SERVICES="([^"]+)"/m.exec(bootstrap)?.[1]?.split(' ').sort() ?? [];
  const wanted = topology()
    .map((s) => `${s.name}:${s.schema}`)
    .sort();
  if (JSON.stringify(pairs) !== JSON.stringify(wanted))
    problems.push(
      `k8s/bootstrap-secrets.sh creates [${pairs.join(' ')}], the services need [${wanted.join(' ')}]`,
    );

  // NetworkPolicies: default deny, DNS, and a policy for every client label the chart's pods carry.
  const policies = ofKind(platform, 'NetworkPolicy');
  const denyAll = policies.find(
    (p) =>
      JSON.stringify(at(p, 'spec', 'podSelector')) === '{}' &&
      !at(p, 'spec', 'ingress') &&
      !at(p, 'spec', 'egress'),
  );
  if (!denyAll || !(at<string[]>(denyAll, 'spec', 'policyTypes') ?? []).includes('Egress'))
    problems.push('no default-deny (ingress and egress) NetworkPolicy');
  const egressSelectors = policies
    .filter((p) => (at<string[]>(p, 'spec', 'policyTypes') ?? []).includes('Egress'))
    .map((p) => at<Record<string, string>>(p, 'spec', 'podSelector', 'matchLabels') ?? {});
  const ingressFrom = policies
    .flatMap((p) =>
      (at<unknown[]>(p, 'spec', 'ingress') ?? []).flatMap((rule) => at<unknown[]>(rule, 'from') ?? []),
    )
    .map((x) => at<Record<string, string>>(x, 'podSelector', 'matchLabels') ?? {});
  const kafkaPeers = (at<unknown[]>(kafka, 'spec', 'kafka', 'listeners') ?? [])
    .flatMap((l) => at<unknown[]>(l, 'networkPolicyPeers') ?? [])
    .map((x) => at<Record<string, string>>(x, 'podSelector', 'matchLabels') ?? {});
  const labels = new Set(
    charts
      .flatMap((c) => c.objects)
      .flatMap((o: K8sObject) =>
        Object.entries(at<Record<string, string>>(o, 'spec', 'template', 'metadata', 'labels') ?? {}),
      )
      .filter(([k]) => k.startsWith('touchline.io/') && k.endsWith('-client'))
      .map(([k]) => k),
  );
  for (const label of labels) {
    if (!egressSelectors.some((s) => s[label] === 'true'))
      problems.push(`pods labelled ${label} get no egress policy in k8s/`);
    if (![...ingressFrom, ...kafkaPeers].some((s) => s[label] === 'true'))
      problems.push(`pods labelled ${label} are admitted by no ingress policy of k8s/`);
  }
  for (const name of ['redis', 'otel-collector'])
    if (!named(platform, 'Service', name)) problems.push(`no Service ${name}`);
  return problems;
}

/** The chart points at the platform's real Services and ports (CNPG's <cluster>-rw, Strimzi's <cluster>-kafka-bootstrap). */
export function checkEndpoints(
  platform: Rendered,
  values: {
    platform: {
      postgres: { host: string };
      kafka: { brokers: string };
      redis: { url: string };
      otel: { endpoint: string };
    };
  },
): string[] {
  const problems: string[] = [];
  const cluster = ofKind(platform, 'Cluster')[0]?.metadata.name;
  const kafka = ofKind(platform, 'Kafka')[0]?.metadata.name;
  if (values.platform.postgres.host !== `${cluster}-rw`)
    problems.push(`postgres host ${values.platform.postgres.host}, CloudNativePG serves ${cluster}-rw`);
  const plain = (
    at<{ name: string; port: number; tls: boolean }[]>(
      ofKind(platform, 'Kafka')[0],
      'spec',
      'kafka',
      'listeners',
    ) ?? []
  ).find((l) => !l.tls);
  if (values.platform.kafka.brokers !== `${kafka}-kafka-bootstrap:${plain?.port}`)
    problems.push(
      `kafka brokers ${values.platform.kafka.brokers}, Strimzi serves ${kafka}-kafka-bootstrap:${plain?.port}`,
    );
  const redis = new URL(values.platform.redis.url);
  const redisSvc = named(platform, 'Service', redis.hostname);
  if (
    !redisSvc ||
    !(at<{ port: number }[]>(redisSvc, 'spec', 'ports') ?? []).some((p) => String(p.port) === redis.port)
  )
    problems.push(`redis url ${values.platform.redis.url} names no Service port of k8s/`);
  const otel = new URL(values.platform.otel.endpoint);
  const otelSvc = named(platform, 'Service', otel.hostname);
  if (
    !otelSvc ||
    !(at<{ port: number }[]>(otelSvc, 'spec', 'ports') ?? []).some((p) => String(p.port) === otel.port)
  )
    problems.push(`otel endpoint ${values.platform.otel.endpoint} names no Service port of k8s/`);
  return problems;
}
