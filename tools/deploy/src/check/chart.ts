import { addrEnvName, baseConfigSchema, loadConfig, loadPeerAddrs } from '@touchline/kit';
import { gatewayConfigSchema, UPSTREAMS } from '@touchline/gateway/config';
import { SERVICE_MODULES } from '@touchline/launcher/services';
import { paymentsModeOf } from '@touchline/wallet-payments/payment-mode';
import { GATEWAY, topology } from '../topology';
import { at, named, ofKind, type K8sObject, type Rendered } from './manifests';

/** What the Dockerfile's runtime stage sets (ENV), which every container starts with. */
export const IMAGE_ENV = { NODE_ENV: 'production', WEB_DIST: '/app/web/dist', DATA_DIR: '/tmp/touchline' };
export const IMAGE_UID = 65532;

export interface Container {
  name: string;
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: Record<string, unknown>;
  livenessProbe?: Record<string, unknown>;
  startupProbe?: Record<string, unknown>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  ports?: { name: string; containerPort: number }[];
}

const RELEASE = 'touchline';
const objectName = (component: string) => `${RELEASE}-${component}`;
const containersOf = (o: K8sObject) => at<Container[]>(o, 'spec', 'template', 'spec', 'containers') ?? [];
const podSpec = (o: K8sObject) => at<Record<string, unknown>>(o, 'spec', 'template', 'spec') ?? {};
const podLabels = (o: K8sObject) =>
  at<Record<string, string>>(o, 'spec', 'template', 'metadata', 'labels') ?? {};

/** Values a Secret would hold, shaped as the real ones must be (the config schemas check shapes). */
function secretPlaceholder(secret: string, key: string): string {
  const placeholders: Record<string, string> = {
    password: '0123456789abcdef0123456789abcdef',
    STRIPE_SECRET_KEY: 'sk_live_placeholder',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_placeholder',
    STRIPE_WEBHOOK_SECRET: 'whsec_placeholder',
    SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  };
  if (key === 'username') return secret.replace(/^touchline-db-/, '');
  return placeholders[key] ?? 'placeholder';
}

/** The environment a container starts with: image ENV, its ConfigMaps, then env (with $(VAR) expanded as the kubelet does). */
export function containerEnv(r: Rendered, c: Container): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = { ...IMAGE_ENV };
  const problems: string[] = [];
  for (const from of c.envFrom ?? []) {
    const name = from.configMapRef?.name;
    const cm = name ? named(r, 'ConfigMap', name) : undefined;
    if (!cm) problems.push(`${c.name}: envFrom names ConfigMap ${name}, which the chart does not render`);
    else Object.assign(env, cm.data ?? {});
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) env[e.name] = secretPlaceholder(ref.name, ref.key);
    else env[e.name] = (e.value ?? '').replace(/\$\(([A-Z0-9_]+)\)/g, (_m, v: string) => env[v] ?? `$(${v})`);
  }
  return { env, problems };
}

function configProblems(name: string, parse: () => unknown): string[] {
  try {
    parse();
    return [];
  } catch (error) {
    return [`${name}: ${(error as Error).message.replace(/\n\s*/g, ' ')}`];
  }
}

/**
 * Each component of the chart against the code: a Deployment with probes, resources and the
 * hardened securityContext; a Service, ServiceAccount, ConfigMap, PDB/HPA as configured and a
 * NetworkPolicy; env that passes the process's own zod config schema; peers, <PEER>_ADDR and
 * NetworkPolicies that match ServiceModule.peers; a migration Job per service.
 */
export function checkComponents(r: Rendered, options: { expectHpa: boolean; expectPdb: boolean }): string[] {
  const problems: string[] = [];
  const nodes = topology();
  const expected = [GATEWAY, ...nodes.map((n) => n.name)];
  const deployments = ofKind(r, 'Deployment');
  const extra = deployments.map((d) => d.metadata.name).filter((n) => !expected.map(objectName).includes(n));
  if (extra.length) problems.push(`Deployments of no known process: ${extra.join(', ')}`);

  for (const component of expected) {
    const name = objectName(component);
    const module = SERVICE_MODULES.find((m) => m.name === component);
    const d = named(r, 'Deployment', name);
    if (!d) {
      problems.push(`${component}: no Deployment ${name}`);
      continue;
    }
    const [c, ...more] = containersOf(d);
    if (!c || more.length) {
      problems.push(`${component}: expected exactly one container`);
      continue;
    }
    const p = (msg: string) => problems.push(`${component}: ${msg}`);

    // The process the container runs.
    if (c.args?.[0] !== `dist/server/${component}.js`)
      p(`args ${JSON.stringify(c.args)} do not start dist/server/${component}.js`);

    // Probes: native gRPC against the service's own health name, HTTP on the gateway.
    if (module) {
      if (at(c.readinessProbe, 'grpc', 'service') !== module.grpcServiceName)
        p(`readinessProbe is not a gRPC probe of ${module.grpcServiceName}`);
      if (!at(c.livenessProbe, 'grpc')) p('livenessProbe is not a gRPC probe');
      const port = c.ports?.find((x) => x.name === 'grpc')?.containerPort;
      if (at(c.readinessProbe, 'grpc', 'port') !== port) p('readinessProbe does not probe the gRPC port');
    } else {
      if (!at(c.readinessProbe, 'httpGet')) p('readinessProbe is not an HTTP probe');
      if (!at(c.livenessProbe, 'httpGet')) p('livenessProbe is not an HTTP probe');
    }

    // Resources and hardening.
    if (!c.resources?.requests?.cpu || !c.resources.requests.memory) p('no cpu and memory requests');
    if (!c.resources?.limits?.memory) p('no memory limit');
    const pod = podSpec(d);
    const sc = c.securityContext ?? {};
    if (at(pod, 'securityContext', 'runAsNonRoot') !== true)
      p('pod securityContext.runAsNonRoot is not true');
    if (at(pod, 'securityContext', 'runAsUser') !== IMAGE_UID)
      p(`pod runs as another uid than the image's ${IMAGE_UID}`);
    if (at(pod, 'securityContext', 'seccompProfile', 'type') !== 'RuntimeDefault')
      p('seccompProfile is not RuntimeDefault');
    if (sc.readOnlyRootFilesystem !== true) p('readOnlyRootFilesystem is not true');
    if (sc.allowPrivilegeEscalation !== false) p('allowPrivilegeEscalation is not false');
    if (JSON.stringify(at(sc, 'capabilities', 'drop')) !== '["ALL"]') p('capabilities do not drop ALL');
    const tmp = (at<{ name: string; mountPath: string }[]>(c, 'volumeMounts') ?? []).find(
      (v) => v.mountPath === '/tmp',
    );
    if (!tmp) p('no writable /tmp volume');
    if (pod.automountServiceAccountToken !== false) p('mounts a service account token it does not need');
    if (!at(pod, 'topologySpreadConstraints', 0)) p('no topologySpreadConstraints');

    // The other objects of the component.
    const svc = named(r, 'Service', name);
    if (!svc) p(`no Service ${name}`);
    else {
      const selector = at<Record<string, string>>(svc, 'spec', 'selector') ?? {};
      const labels = podLabels(d);
      if (!Object.entries(selector).every(([k, v]) => labels[k] === v))
        p('its Service does not select its pods');
    }
    if (!named(r, 'ServiceAccount', name)) p(`no ServiceAccount ${name}`);
    if (pod.serviceAccountName !== name) p('does not run as its own ServiceAccount');
    if (!named(r, 'NetworkPolicy', name)) p(`no NetworkPolicy ${name}`);
    if (options.expectHpa && !named(r, 'HorizontalPodAutoscaler', name)) p('no HorizontalPodAutoscaler');
    if (options.expectPdb && !named(r, 'PodDisruptionBudget', name)) p('no PodDisruptionBudget');

    // Environment: the process's own schema accepts it, and the platform is really used.
    const { env, problems: envProblems } = containerEnv(r, c);
    problems.push(...envProblems.map((x) => `${component}: ${x}`));
    if (module) {
      const schema = module.configSchema
        ? baseConfigSchema.extend(module.configSchema.shape)
        : baseConfigSchema;
      problems.push(...configProblems(component, () => loadConfig(schema, env)));
      problems.push(...configProblems(component, () => loadPeerAddrs(module.peers ?? [], env)));
      // Without these the process silently falls back to PGlite in /tmp and an in-process bus.
      if (!env.DATABASE_URL?.startsWith('postgres://'))
        p('DATABASE_URL is not set: it would use PGlite under /tmp');
      if (!env.KAFKA_BROKERS) p('KAFKA_BROKERS is not set: its events would stay in the pod');
      // The wallet decides this after its schema (it refuses to start): the same rule here.
      if (component === 'wallet-payments') {
        const payments = paymentsModeOf({
          STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
          PAYMENTS_MODE: env.PAYMENTS_MODE === 'test' ? 'test' : undefined,
        });
        if ('problem' in payments) p(payments.problem);
      }
    } else {
      problems.push(...configProblems(component, () => loadConfig(gatewayConfigSchema, env)));
      problems.push(...configProblems(component, () => loadPeerAddrs(UPSTREAMS, env)));
      if (!env.REDIS_URL) p('REDIS_URL is not set: rate limits and revocations would be per pod');
    }
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) p('OTEL_EXPORTER_OTLP_ENDPOINT is not set');

    // Every <PEER>_ADDR names a Service of the chart, on one of its ports, selecting that peer's pods.
    const peers = module ? [...(module.peers ?? [])] : [...UPSTREAMS];
    const declared = Object.keys(env).filter((k) => k.endsWith('_ADDR'));
    const wanted = peers.map(addrEnvName);
    for (const v of declared.filter((k) => !wanted.includes(k)))
      p(`${v} is set but ${component} declares no such peer`);
    for (const peer of peers) {
      const value = env[addrEnvName(peer)];
      if (!value) continue; // loadPeerAddrs above reports it
      const [host, port] = value.split(':');
      const target = named(r, 'Service', host!);
      if (!target) {
        p(`${addrEnvName(peer)}=${value}: no Service ${host} in the chart`);
        continue;
      }
      const ports = at<{ port: number }[]>(target, 'spec', 'ports') ?? [];
      if (!ports.some((x) => String(x.port) === port))
        p(`${addrEnvName(peer)}=${value}: Service ${host} has no port ${port}`);
      const peerDeployment = named(r, 'Deployment', objectName(peer));
      const selector = at<Record<string, string>>(target, 'spec', 'selector') ?? {};
      if (!peerDeployment || !Object.entries(selector).every(([k, v]) => podLabels(peerDeployment)[k] === v))
        p(`${addrEnvName(peer)}=${value}: Service ${host} does not select the pods of ${peer}`);
    }
  }
  return problems;
}

const selectorNames = (rules: unknown[], side: 'from' | 'to') =>
  rules.flatMap((rule) =>
    (at<unknown[]>(rule, side) ?? [])
      .map((peer) => at<string>(peer, 'podSelector', 'matchLabels', 'app.kubernetes.io/name'))
      .filter((x): x is string => !!x),
  );

/** The gateway's PUBLIC_URL (allowed origin, links in e-mails) is the address the Ingress serves. */
export function checkIngress(r: Rendered): string[] {
  const ingress = ofKind(r, 'Ingress')[0];
  const gateway = named(r, 'ConfigMap', objectName(GATEWAY));
  const publicUrl = gateway?.data?.PUBLIC_URL;
  if (!ingress)
    return publicUrl?.startsWith('http://localhost')
      ? []
      : [`no Ingress, and PUBLIC_URL ${publicUrl} is not local`];
  const host = at<string>(ingress, 'spec', 'rules', 0, 'host');
  const backend = at<string>(ingress, 'spec', 'rules', 0, 'http', 'paths', 0, 'backend', 'service', 'name');
  const problems: string[] = [];
  if (!publicUrl || new URL(publicUrl).host !== host)
    problems.push(`gateway PUBLIC_URL ${publicUrl} is not the Ingress host ${host}`);
  if (publicUrl && !publicUrl.startsWith('https://'))
    problems.push('PUBLIC_URL is not https behind the Ingress (cookies are Secure)');
  if (backend !== objectName(GATEWAY))
    problems.push(`the Ingress sends traffic to ${backend}, not the gateway`);
  return problems;
}

/** NetworkPolicies admit exactly the declared callers and let each component reach exactly its peers. */
export function checkNetworkPolicies(r: Rendered): string[] {
  const problems: string[] = [];
  const nodes = topology();
  const components = [{ name: GATEWAY, peers: [...UPSTREAMS], callers: [] as string[] }, ...nodes];
  for (const node of components) {
    const np = named(r, 'NetworkPolicy', objectName(node.name));
    if (!np) continue; // checkComponents reports it
    const types = at<string[]>(np, 'spec', 'policyTypes') ?? [];
    if (!types.includes('Ingress') || !types.includes('Egress'))
      problems.push(`${node.name}: policy does not govern both directions`);
    // Prometheus' rule (the metrics port alone) is checkMetricsScrape's; every other rule is a caller's.
    const onlyMetrics = (rule: unknown) => {
      const ports = at<{ port: unknown }[]>(rule, 'ports') ?? [];
      return ports.length > 0 && ports.every((x) => x.port === 'metrics');
    };
    const ingress = (at<unknown[]>(np, 'spec', 'ingress') ?? []).filter((rule) => !onlyMetrics(rule));
    const egress = at<unknown[]>(np, 'spec', 'egress') ?? [];
    const from = [...new Set(selectorNames(ingress, 'from'))].sort();
    const to = [...new Set(selectorNames(egress, 'to'))].sort();
    if (node.name === GATEWAY) {
      // Only from the ingress controller: every source names its namespace (never a pod of this one).
      const sources = ingress.flatMap((rule) => at<unknown[]>(rule, 'from') ?? []);
      if (!sources.length || !sources.every((x) => at(x, 'namespaceSelector')))
        problems.push('gateway: ingress must come only from the ingress controller');
    } else if (JSON.stringify(from) !== JSON.stringify([...node.callers].sort())) {
      problems.push(
        `${node.name}: ingress admits [${from.join(', ')}], its declared callers are [${node.callers.join(', ')}]`,
      );
    }
    if (JSON.stringify(to) !== JSON.stringify([...node.peers].sort()))
      problems.push(
        `${node.name}: egress reaches [${to.join(', ')}], its declared peers are [${node.peers.join(', ')}]`,
      );
  }
  return problems;
}

/** One pre-install/pre-upgrade Job per service runs dist/server/migrate.js <service> with that service's database Secret. */
export function checkMigrationJobs(r: Rendered): string[] {
  const problems: string[] = [];
  for (const m of SERVICE_MODULES) {
    const job = named(r, 'Job', objectName(`${m.name}-migrate`));
    if (!job) {
      problems.push(`${m.name}: no migration Job`);
      continue;
    }
    const hook = job.metadata.annotations?.['helm.sh/hook'] ?? '';
    if (!hook.includes('pre-install') || !hook.includes('pre-upgrade'))
      problems.push(`${m.name}: migration Job is not a pre-install,pre-upgrade hook`);
    const [c] = containersOf(job);
    if (JSON.stringify(c?.args) !== JSON.stringify(['dist/server/migrate.js', m.name]))
      problems.push(`${m.name}: migration Job runs ${JSON.stringify(c?.args)}`);
    const secrets = (c?.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name).filter(Boolean);
    if (!secrets.length || !secrets.every((s) => s === `touchline-db-${m.name}`))
      problems.push(`${m.name}: migration Job does not use touchline-db-${m.name}`);
    if (at(podSpec(job), 'securityContext', 'runAsNonRoot') !== true)
      problems.push(`${m.name}: migration Job may run as root`);
    if (podLabels(job)['touchline.io/postgres-client'] !== 'true')
      problems.push(`${m.name}: migration Job lacks the postgres-client label (k8s/ would block it)`);
  }
  return problems;
}

/** The chart's values name the same peers as the code (ServiceModule.peers, the gateway's UPSTREAMS), and the same schemas. */
export function checkValuesTopology(values: {
  components: Record<string, { peers?: string[]; schema?: string; grpcService?: string }>;
}): string[] {
  const problems: string[] = [];
  const nodes = topology();
  const inValues = Object.keys(values.components).sort();
  const inCode = [GATEWAY, ...nodes.map((n) => n.name)].sort();
  if (JSON.stringify(inValues) !== JSON.stringify(inCode))
    problems.push(`components [${inValues.join(', ')}] differ from the processes [${inCode.join(', ')}]`);
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  const gateway = values.components[GATEWAY];
  if (gateway && !sameSet(gateway.peers ?? [], UPSTREAMS))
    problems.push(
      `gateway: peers [${gateway.peers?.join(', ')}], gateway/src/config.ts UPSTREAMS [${UPSTREAMS.join(', ')}]`,
    );
  for (const n of nodes) {
    const v = values.components[n.name];
    if (!v) continue;
    if (!sameSet(v.peers ?? [], n.peers))
      problems.push(
        `${n.name}: peers [${v.peers?.join(', ')}] in values, [${n.peers.join(', ')}] in services/${n.name}/src/service.ts`,
      );
    if (v.schema !== n.schema)
      problems.push(`${n.name}: schema ${v.schema} in values, ${n.schema} in the code`);
    if (v.grpcService !== n.grpcServiceName)
      problems.push(`${n.name}: grpcService ${v.grpcService} in values, ${n.grpcServiceName} in the code`);
  }
  return problems;
}
