import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

import type { Plugin } from 'vite';

const TEMPLATE = fileURLToPath(new URL('./sw.js', import.meta.url));
/** Files of web/public the shell needs offline (the install icons the browser fetches itself). */
const PUBLIC_SHELL = ['/manifest.webmanifest', '/favicon.svg'];

/** The service worker's source for one build: its version and what it precaches, then build/sw.js. */
export function serviceWorkerSource(files: string[]): string {
  const precache = ['/', ...files.map((f) => `/${f}`).sort(), ...PUBLIC_SHELL];
  const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
  return [
    `const VERSION = ${JSON.stringify(version)};`,
    `const PRECACHE = ${JSON.stringify(precache)};`,
    readFileSync(TEMPLATE, 'utf8'),
  ].join('\n');
}

/**
 * Writes dist/sw.js at `vite build`: the hand-written worker of build/sw.js, given the build's hashed
 * scripts and styles to precache (their names change with their content, so the worker's bytes, and
 * so its version, change with every build that changes the page).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'touchline:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(files) });
    },
  };
}
