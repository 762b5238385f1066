import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnApp as startApp } from '@touchline/launcher/src/spawn';
import { E2E_ADMIN_EMAIL } from './support/admin';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One embedded Touchline for the whole e2e run, on a free port and a throw-away data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-e2e-'));
  const app = await startApp({
    dataDir,
    env: {
      // Always open: the market flows must not depend on the weekday the suite runs.
      MARKET_HOURS: 'always',
      // The admin tests' account (support/admin.ts) proves this address through the dev mailbox.
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // Every browser in the suite signs up from 127.0.0.1: far more than the 20 sign-ups an hour
      // one address gets. The limits are tested in gateway/test; here they only get in the way.
      RATE_LIMIT_SCALE: '50',
    },
  });
  project.provide('baseUrl', app.url);
  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
