import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { ROOT } from '../paths';
import type { MetricsValues } from './metrics-scrape';

export type Values = Record<string, unknown> & {
  image: { repository: string };
  components: Record<string, { peers?: string[]; schema?: string; grpcService?: string }>;
  metrics: MetricsValues;
  platform: {
    postgres: { host: string };
    kafka: { brokers: string };
    redis: { url: string };
    otel: { endpoint: string };
  };
};

/** Helm's merge of values files: maps merge key by key, anything else is replaced. */
function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? merge(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

/** The chart's values.yaml with the given files over it, as helm computes them. */
export function loadValues(chart: string, files: string[]): Values {
  const read = (f: string) =>
    (parse(readFileSync(path.join(ROOT, f), 'utf8')) ?? {}) as Record<string, unknown>;
  return [path.join(chart, 'values.yaml'), ...files.filter((f) => path.basename(f) !== 'values.yaml')]
    .map(read)
    .reduce(merge, {}) as Values;
}

/** What helm does before rendering: the merged values must satisfy values.schema.json. */
export function checkValuesSchema(chart: string, values: Values): string[] {
  const schema = JSON.parse(readFileSync(path.join(ROOT, chart, 'values.schema.json'), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
  const validate = ajv.compile(schema);
  if (validate(values)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}
