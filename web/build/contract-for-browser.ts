import { fileURLToPath, URL } from 'node:url';

import type { Plugin } from 'vite';

import * as contract from '../../libs/contract/src/index';
import * as routeHelpers from '../../libs/contract/src/route';

const VIRTUAL_ID = '\0touchline-contract-for-browser';
const ROUTE_HELPERS = fileURLToPath(new URL('../../libs/contract/src/route.ts', import.meta.url));
/**
 * Route fields the page never reads at run time: the zod schemas, the OpenAPI prose, and who may call
 * a route (the server decides; the page only sends).
 */
const SERVER_ONLY_FIELDS = new Set([
  'summary',
  'auth',
  'params',
  'query',
  'body',
  'responses',
  'responseHeaders',
]);

const isZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;
const isRoute = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { method?: unknown }).method === 'string' &&
  typeof (value as { path?: unknown }).path === 'string';

/**
 * The browser's copy of a contract value: a route keeps its method, path and flags; constants stay
 * as they are; undefined for anything that holds a zod schema or code (the page cannot import it).
 */
function lightValue(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  if (typeof value !== 'object' || isZod(value)) return undefined;
  if (isRoute(value)) {
    return Object.fromEntries(
      Object.entries(value).filter(([key, field]) => !SERVER_ONLY_FIELDS.has(key) && !isZod(field)),
    );
  }
  if (Array.isArray(value)) {
    const items = value.map(lightValue);
    return items.every((item) => item !== undefined) ? items : undefined;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const entries = Object.entries(value).map(([key, field]) => [key, lightValue(field)] as const);
  return entries.every(([, field]) => field !== undefined) ? Object.fromEntries(entries) : undefined;
}

/** The module the page gets for `@touchline/contract`: the route table's data and its zod-free helpers. */
export function browserContractSource(): string {
  const lines = [`export * from ${JSON.stringify(ROUTE_HELPERS)};`];
  for (const [name, value] of Object.entries(contract)) {
    if (name in routeHelpers) continue;
    const light = lightValue(value);
    if (light !== undefined) lines.push(`export const ${name} = ${JSON.stringify(light)};`);
  }
  return lines.join('\n');
}

/**
 * The page calls the HTTP contract's routes (`call(api.market.buy, …)`), which are typed by their zod
 * schemas. At run time it only needs each route's method and path, yet importing the contract would
 * ship zod and every schema (about a third of the page's script). In the production build this
 * plugin answers `@touchline/contract` with the same values minus the schemas, computed from the
 * real contract at build time. An export the page needs and this module lacks (a schema) fails the
 * build rather than the page. Types still come from the real contract (tsc), and so do tests.
 */
export function contractForBrowser(): Plugin {
  return {
    name: 'touchline:contract-for-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === '@touchline/contract' ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? browserContractSource() : null;
    },
  };
}
