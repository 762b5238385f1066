import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnApp as startApp, type RunningApp } from '@touchline/launcher/spawn';
import { uniqueEmail } from './support/browser';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('embedded data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-kill9-'));
  let app: RunningApp | undefined;

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps users across kill -9 and a restart', async () => {
    const email = uniqueEmail('survivor');
    app = await startApp({ dataDir });
    const registered = await fetch(`${app.url}/api/register`, json({ email, password: 'kill-nine-9' }));
    expect(registered.status).toBe(201);

    expect(await app.stop('SIGKILL')).toBeNull();

    app = await startApp({ dataDir });
    const login = await fetch(`${app.url}/api/login`, json({ email, password: 'kill-nine-9' }));
    expect(login.status).toBe(200);
    expect(((await login.json()) as { email: string }).email).toBe(email);
    const wrong = await fetch(`${app.url}/api/login`, json({ email, password: 'not-the-password' }));
    expect(wrong.status).toBe(401);
  });
});
