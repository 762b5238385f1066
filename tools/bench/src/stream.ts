import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import path from 'node:path';
import { InProcessBus, systemRandom } from '@touchline/kit';
import { eventMessage, silentLogger, startTestService } from '@touchline/kit/src/testing';
import { identityService } from '../../../services/identity/src/service';
import { createTokenSigner } from '../../../services/identity/src/tokens';
import { notificationsService } from '../../../services/notifications/src/service';

/**
 * `npm run bench:stream`: what the live stream costs the gateway. identity and notifications run
 * in this process (Postgres with TEST_DATABASE_URL, PGlite otherwise), the gateway as a process of
 * its own, so its RSS is the streams' cost alone. Prints the gateway's RSS per idle stream at 1,000
 * and 5,000 streams across 1,000 users (5 each: the per-user limit), and how long a price tick takes
 * to reach every one of 1,000 open streams.
 */
const ROOT = path.resolve(__dirname, '../../..');
const PORT = Number(process.env.BENCH_PORT ?? 18_590);
const USERS = 1_000;
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, ''));
}

interface Held {
  req: ClientRequest;
  /** When the stream got its first `prices` event (performance.now()), per tick number. */
  prices: Map<number, number>;
}

/** A stream held open by a plain socket; resolves once its first event (`unread`) arrived. */
function hold(cookie: string, from: string): Promise<Held> {
  const held: Held = { req: undefined as unknown as ClientRequest, prices: new Map() };
  return new Promise((resolve, reject) => {
    held.req = request(
      `http://127.0.0.1:${PORT}/api/notifications/stream`,
      { agent: false, headers: { cookie, 'X-Forwarded-For': from, Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.once('data', () => resolve(held));
        res.on('data', (chunk: string) => {
          const at = performance.now();
          for (const match of chunk.matchAll(/event: prices\ndata: \{"tick":(\d+)/g))
            if (!held.prices.has(Number(match[1]))) held.prices.set(Number(match[1]), at);
        });
      },
    );
    held.req.on('error', (error) => (held.req.destroyed ? undefined : reject(error)));
    held.req.end();
  });
}

async function openAll(cookies: string[], ips: string[]): Promise<Held[]> {
  const held: Held[] = [];
  for (let i = 0; i < cookies.length; i += 100)
    held.push(...(await Promise.all(cookies.slice(i, i + 100).map((c, j) => hold(c, ips[i + j]!)))));
  return held;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const bus = new InProcessBus(silentLogger);
  const identity = await startTestService(identityService, { bus });
  const notifications = await startTestService(notificationsService, {
    bus,
    peers: { identity: identity.service.address },
  });
  const signer = await createTokenSigner(identity.database.db, systemRandom);
  const unreachable = '127.0.0.1:1';
  const gateway = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDED: 'true',
      TRUST_PROXY: '1',
      IDENTITY_ADDR: identity.service.address,
      NOTIFICATIONS_ADDR: notifications.service.address,
      ...Object.fromEntries(
        ['CARDS_MARKET', 'TRADING', 'MISSIONS', 'WALLET_PAYMENTS', 'ADMIN', 'LEADERBOARD'].map((n) => [
          `${n}_ADDR`,
          unreachable,
        ]),
      ),
    },
  });
  const held: Held[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      if (
        await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(250);
    }
    const cookies: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const { token } = await signer.sign(
        { userId: 2_000_000 + u, sessionId: randomUUID(), isAdmin: false },
        new Date(),
        3_600,
      );
      cookies.push(`tl_session=${token}`);
    }
    const ipOf = (u: number) => `10.${Math.floor(u / 250)}.${u % 250}.1`;
    // Warm the gateway's code paths and its Live subscription, then measure from an idle baseline.
    const warm = await openAll(
      cookies.slice(0, 50),
      cookies.slice(0, 50).map((_, u) => ipOf(u)),
    );
    for (const h of warm) h.req.destroy();
    await sleep(SETTLE_MS);
    const base = rssKb(gateway.pid!);

    held.push(
      ...(await openAll(
        cookies,
        cookies.map((_, u) => ipOf(u)),
      )),
    );
    await sleep(SETTLE_MS);
    const at1000 = rssKb(gateway.pid!);

    // The tick: published once on the bus; every stream records when its `prices` arrived.
    const ticks = 5;
    const delays: number[] = [];
    for (let tick = 1; tick <= ticks; tick++) {
      const sent = performance.now();
      await bus.publish([
        eventMessage('market.prices.ticked', 'market', {
          tick,
          tickedAt: new Date().toISOString(),
          prices: Array.from({ length: 600 }, (_, i) => ({
            playerId: i + 1,
            price: 1_000 + tick,
            previousPrice: 1_000,
            priceChange: 0.1,
          })),
        }),
      ]);
      const deadline = Date.now() + 10_000;
      while (held.some((h) => !h.prices.has(tick)) && Date.now() < deadline) await sleep(5);
      for (const h of held) delays.push((h.prices.get(tick) ?? Infinity) - sent);
      await sleep(500);
    }
    delays.sort((a, b) => a - b);

    for (let round = 0; round < 4; round++)
      held.push(
        ...(await openAll(
          cookies,
          cookies.map((_, u) => ipOf(u)),
        )),
      );
    await sleep(SETTLE_MS);
    const at5000 = rssKb(gateway.pid!);

    const perStream = (kb: number, n: number) => ((kb - base) / n).toFixed(1);
    console.log(`bench:stream (gateway process alone; ${USERS} users; identity, notifications in the bench)`);
    console.log(`  gateway RSS idle before streams: ${(base / 1024).toFixed(1)} MB`);
    console.log(
      `  1,000 streams: RSS ${(at1000 / 1024).toFixed(1)} MB, ${perStream(at1000, 1_000)} KB per idle stream`,
    );
    console.log(
      `  5,000 streams: RSS ${(at5000 / 1024).toFixed(1)} MB, ${perStream(at5000, 5_000)} KB per idle stream`,
    );
    console.log(
      `  price tick (600 prices) to every one of 1,000 streams, ${ticks} ticks: ` +
        `p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, ` +
        `max ${delays.at(-1)!.toFixed(0)} ms`,
    );
  } finally {
    for (const h of held) h.req.destroy();
    gateway.kill('SIGTERM');
    await new Promise((resolve) => gateway.once('exit', resolve));
    await notifications.stop();
    await identity.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
