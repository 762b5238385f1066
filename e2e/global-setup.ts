import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnApp as startApp } from '@touchline/launcher/src/spawn';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One embedded Touchline for the whole e2e run, on a free port and a throw-away data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-e2e-'));
  // Always open: the market flows must not depend on the weekday the suite runs.
  const app = await startApp({ dataDir, env: { MARKET_HOURS: 'always' } });
  project.provide('baseUrl', app.url);
  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
