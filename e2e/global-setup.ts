import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnApp as startApp, type RunningApp } from '@touchline/launcher/spawn';
import { E2E_ADMIN_EMAIL } from './support/admin';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

/**
 * One embedded Touchline per e2e worker, each on a free port and its own throw-away data directory:
 * the files of one worker run one after another against its app, as they all did against one app
 * when the files ran one at a time, so no file sees another's players, sales or totals.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: { app: RunningApp; dataDir: string }[] = [];
  const stopAll = async () => {
    await Promise.all(started.map(({ app }) => app.stop()));
    for (const { dataDir } of started) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      Array.from({ length: project.globalConfig.maxWorkers }, async () => {
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
            // Two apps, two browsers and Vitest share two cores: a plain call can take longer than the
            // 5 s a request gets in production, and its 504 would fail a flow that only ran slowly.
            // The budget and the deadlines are tested in gateway/test (shedding, password-deadlines).
            UPSTREAM_TIMEOUT_MS: '30000',
            // The tests' API calls (Playwright's request context) reuse a connection after a pause; at
            // the default 5 s the gateway may be closing it as the call is sent (ECONNRESET). 65 s, as
            // behind the chart's ingress (config.ts).
            KEEP_ALIVE_TIMEOUT_MS: '65000',
          },
        });
        started.push({ app, dataDir });
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'baseUrls',
    started.map(({ app }) => app.url),
  );
  return stopAll;
}
