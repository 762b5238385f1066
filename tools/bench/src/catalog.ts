import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnApp } from '@touchline/launcher/spawn';
import { mintCollection } from './collection';
import { ms, percentiles } from './stats';

const REQUESTS = 300;
/** Index of cards-market in the launcher's start order (tools/launcher/src/services.ts). */
const CARDS_MARKET_INDEX = 2;

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * `npm run bench:catalog`: a user holding 500 cards, then GET /api/player-catalog (858 players with
 * owned counts) and GET /api/user/cards, one request at a time through the gateway of the embedded
 * stack; prints latency percentiles. Target: p95 under 50 ms.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-bench-catalog-'));
  const basePort = await freePort();
  const app = await spawnApp({ dataDir, env: { GRPC_BASE_PORT: String(basePort) } });
  try {
    const register = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'collector@example.com', password: 'bench-collector' }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
    const user = (await register.json()) as { id: number };

    const owned = await mintCollection(`127.0.0.1:${basePort + CARDS_MARKET_INDEX}`, user.id);

    console.log(
      `bench:catalog (embedded stack, user with ${owned} cards, ${REQUESTS} sequential requests each)`,
    );
    for (const endpoint of ['/api/player-catalog', '/api/user/cards']) {
      for (let i = 0; i < 20; i++) await timed(`${app.url}${endpoint}`, cookie);
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await timed(`${app.url}${endpoint}`, cookie));
      const p = percentiles(samples);
      const verdict = p.p95 < 50 ? 'within target' : 'OVER TARGET';
      console.log(
        `  GET ${endpoint.padEnd(20)} p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  p99 ${ms(p.p99)}  max ${ms(p.max)}  (${verdict}: p95 < 50 ms)`,
      );
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
