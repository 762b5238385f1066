import type { Express } from 'express';

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const join = (base: string, path: string) => (base + (path === '/' ? '' : path)).replace(/\/+/g, '/') || '/';

/**
 * Every route express serves, as 'METHOD /path', found by walking the router stack (so a route added
 * by hand, outside the contract, is found too). Only string paths: the web app's catch-all is a regex.
 */
export function servedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') found.push(`${method.toUpperCase()} ${join(base, layer.route.path)}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, typeof layer.rawPath === 'string' ? join(base, layer.rawPath) : base);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found.sort();
}

/** Every operation of an OpenAPI document, as 'METHOD /path' with express's :param syntax. */
export function documentedRoutes(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}
