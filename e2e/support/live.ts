import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { spawnApp, type RunningApp } from '@touchline/launcher/spawn';

/** Opens `path` and waits until the page's live stream is connected (it opens once the page is idle). */
export async function openLive(page: Page, path: string): Promise<void> {
  const connected = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/notifications/stream' && res.status() === 200,
    { timeout: 60_000 },
  );
  await page.goto(path);
  await connected;
}

/**
 * An app of the calling suite's own, with `env` (timings the worker's shared app must not have),
 * on a throw-away data directory: started before the suite's tests, stopped after them. The
 * browser's contexts close first, since the app's graceful stop waits for their open streams.
 */
export function useOwnApp(
  name: string,
  env: Record<string, string>,
  browser: () => Browser,
): () => RunningApp {
  let dataDir: string | undefined;
  let app: RunningApp | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `touchline-e2e-${name}-`));
    app = await spawnApp({ dataDir, env });
  }, 200_000);
  afterAll(async () => {
    const contexts = browser().contexts();
    await Promise.all(contexts.map((context) => context.close()));
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!app) throw new Error('useOwnApp: the app starts in beforeAll, read it in a test');
    return app;
  };
}
