import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { ROOT } from '../paths';
import type { K8sObject, Rendered } from './manifests';

/**
 * Built-in kinds: the JSON schemas of Kubernetes' OpenAPI as kubernetes-models 5.1.0 ships them
 * (pinned exactly in tools/deploy/package.json, so a new Kubernetes line is a deliberate change; its
 * API groups are those of Kubernetes 1.34).
 * Custom resources: the openAPIV3Schema of the CRDs vendored in tools/deploy/crds (Strimzi 1.2.0,
 * CloudNativePG 1.30.0; see crds/README.md), which is what the API server validates them against.
 */
export const KUBERNETES_MODELS_VERSION = '5.1.0';

type ModelClass = new (data: unknown) => { validate(): void };

/** The Prometheus Operator's kinds (PrometheusRule) from @kubernetes-models/prometheus-operator. */
const OPERATOR_MODELS: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

async function builtInModel(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const models = (group && OPERATOR_MODELS[group]) || 'kubernetes-models';
  const spec = group ? `${models}/${group}/${version}` : `${models}/${version}`;
  try {
    const mod = (await import(spec)) as Record<string, ModelClass>;
    return mod[kind];
  } catch {
    return undefined;
  }
}

interface VendoredCrd {
  origin: string;
  group: string;
  kind: string;
  version: string;
  schema: object;
}

/**
 * The API server prunes fields a structural schema does not name, and `kubectl apply` (strict field
 * validation) refuses them: so a misspelt field is an error here too, except under
 * x-kubernetes-preserve-unknown-fields (free-form maps such as Kafka's `config`).
 */
function strictUnknownFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictUnknownFields);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema as Record<string, unknown>).map(([k, v]) => [k, strictUnknownFields(v)]),
  );
  if (
    node.properties &&
    node.additionalProperties === undefined &&
    node['x-kubernetes-preserve-unknown-fields'] !== true
  )
    node.additionalProperties = false;
  return node;
}

const crdValidators = new Map<string, { validate: ValidateFunction; origin: string }>();

function crdValidator(apiVersion: string, kind: string) {
  if (crdValidators.size === 0) {
    // The CRDs' schemas are OpenAPI v3 with Kubernetes extensions (x-kubernetes-*), not strict JSON Schema.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    for (const file of ['strimzi-kafka', 'strimzi-kafkanodepool', 'strimzi-kafkatopic', 'cnpg-cluster']) {
      const crd = JSON.parse(
        readFileSync(path.join(ROOT, 'tools/deploy/crds', `${file}.json`), 'utf8'),
      ) as VendoredCrd;
      crdValidators.set(`${crd.group}/${crd.version}/${crd.kind}`, {
        validate: ajv.compile(strictUnknownFields(crd.schema) as object),
        origin: crd.origin,
      });
    }
  }
  return crdValidators.get(`${apiVersion}/${kind}`);
}

const id = (o: K8sObject) => `${o.kind}/${o.metadata?.name ?? '?'}`;

/** Every object: a known kind, valid against its schema, with a DNS-valid name. */
export async function validateObjects(rendered: Rendered): Promise<string[]> {
  const problems: string[] = [];
  for (const o of rendered.objects) {
    if (!o.apiVersion || !o.kind || !o.metadata?.name) {
      problems.push(`an object lacks apiVersion, kind or metadata.name: ${JSON.stringify(o).slice(0, 120)}`);
      continue;
    }
    if (!/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/.test(o.metadata.name))
      problems.push(`${id(o)}: metadata.name is not a valid Kubernetes name`);
    const crd = crdValidator(o.apiVersion, o.kind);
    if (crd) {
      if (!crd.validate(o))
        for (const e of crd.validate.errors ?? [])
          problems.push(`${id(o)}: ${e.instancePath || '/'} ${e.message} (schema: ${crd.origin})`);
      continue;
    }
    const Model = await builtInModel(o.apiVersion, o.kind);
    if (!Model) {
      problems.push(
        `${id(o)}: ${o.apiVersion} ${o.kind} is neither a built-in kind of Kubernetes nor a vendored CRD`,
      );
      continue;
    }
    try {
      new Model(o).validate();
    } catch (error) {
      problems.push(`${id(o)}: ${(error as Error).message}`);
    }
  }
  return problems;
}
