import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as rendered: only what the checks read is typed. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export interface Rendered {
  /** What was rendered, e.g. "k8s/" or "helm/touchline + values-dev.yaml". */
  source: string;
  objects: K8sObject[];
}

export function parseManifests(source: string, text: string): Rendered {
  const objects: K8sObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) objects.push(value);
  }
  return { source, objects };
}

export const ofKind = (r: Rendered, kind: string) => r.objects.filter((o) => o.kind === kind);

export function named(r: Rendered, kind: string, name: string): K8sObject | undefined {
  return r.objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/** Reads a nested field without a cast at every step. */
export function at<T = unknown>(value: unknown, ...path: (string | number)[]): T | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current as T | undefined;
}
