import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { InProcessBus, systemRandom } from '@touchline/kit';
import { eventMessage, silentLogger, startTestService } from '@touchline/kit/testing';
import { identityService } from '../../../services/identity/src/service';
import { createTokenSigner } from '../../../services/identity/src/tokens';
import { notificationsService } from '../../../services/notifications/src/service';
import { cpuMsBetween, cpuMsByPid } from './proc';
import { percentiles } from './stats';

/**
 * `npm run bench:stream`: what the live stream costs the gateway. identity and notifications run
 * in this process (Postgres with TEST_DATABASE_URL, PGlite otherwise), the gateway as a process of
 * its own (stream-gateway.ts), so its memory is the streams' cost alone. It prints:
 * - the gateway's RSS and V8 heap per idle stream at 1,000 and 5,000 streams across 1,000 users
 *   (5 each: the per-user limit), each read after two forced full collections;
 * - how long a price tick takes to reach every one of 1,000 open streams (p50, p99, max);
 * - the gateway's CPU for a busy market's sales (every stream hears each) above the quiet streams';
 * - a bystander's request (the unread count: session, gRPC to notifications) quiet, and while one
 *   user holds 5 streams and 1,000 other users one each, with a tick to all and an offer to the
 *   greedy user every 500 ms (p50, p99 and the difference).
 * Figures, not assertions: this shared machine's load moves them (docs/performance.md says how to
 * read them).
 */
const ROOT = path.resolve(__dirname, '../../..');
const PORT = Number(process.env.BENCH_PORT ?? 18_590);
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = 1_000;
const TICKS = 5;
const BYSTANDER_REQUESTS = 100;
const SETTLE_MS = 2_000;
/** Sales a second in the busy market, and for how long (a crowd of 1,000 buys and sells about this often). */
const MARKET_RATE = 50;
const MARKET_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** The gateway's memory after two forced full collections (it runs with --expose-gc). */
function memoryOf(gateway: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string } & Memory) => {
      if (message.type !== 'memory') return;
      gateway.off('message', onMessage);
      resolve(message);
    };
    gateway.on('message', onMessage);
    gateway.send({ type: 'memory' });
  });
}

/**
 * BENCH_HEAP_SNAPSHOT=<prefix>: the gateway's heap before the streams and at 1,000 (<prefix>-0 and
 * <prefix>-1000.heapsnapshot), to compare in Chrome DevTools' Memory tab. Writing one costs the
 * process memory it keeps: the RSS figures of that run are not comparable.
 */
function heapSnapshot(gateway: ChildProcess, file: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; path: string }) => {
      if (message.type !== 'heap-snapshot') return;
      gateway.off('message', onMessage);
      console.log(`  heap snapshot: ${message.path}`);
      resolve();
    };
    gateway.on('message', onMessage);
    gateway.send({ type: 'heap-snapshot', path: path.resolve(file) });
  });
}

interface Held {
  req: ClientRequest;
  /** When the stream got its first `prices` event (performance.now()), per tick number. */
  prices: Map<number, number>;
}

const PRICES = Buffer.from('event: prices\ndata: {"tick":');

/** The tick numbers of `prices` frames in these bytes (a byte search: the client must cost little). */
function ticksIn(bytes: Buffer): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(PRICES); at !== -1; at = bytes.indexOf(PRICES, at + 1)) {
    let end = at + PRICES.length;
    while (end < bytes.length && bytes[end]! >= 0x30 && bytes[end]! <= 0x39) end++;
    if (end < bytes.length) found.push(Number(bytes.toString('latin1', at + PRICES.length, end)));
  }
  return found;
}

/** A stream held open by a plain socket; resolves once its first event (`unread`) arrived. */
function hold(cookie: string, from: string): Promise<Held> {
  const held: Held = { req: undefined as unknown as ClientRequest, prices: new Map() };
  return new Promise((resolve, reject) => {
    held.req = request(
      `${BASE}/api/notifications/stream`,
      { agent: false, headers: { cookie, 'X-Forwarded-For': from, Accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.once('data', () => resolve(held));
        // A frame's head may straddle two reads: the last bytes of one are searched with the next.
        let tail: Buffer = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          const at = performance.now();
          const head = Buffer.concat([tail, chunk.subarray(0, PRICES.length + 16)]);
          for (const tick of [...ticksIn(head), ...ticksIn(chunk)])
            if (!held.prices.has(tick)) held.prices.set(tick, at);
          tail = chunk.subarray(Math.max(0, chunk.length - PRICES.length - 16));
        });
      },
    );
    held.req.on('error', (error) => (held.req.destroyed ? undefined : reject(error)));
    held.req.end();
  });
}

/** Opens streams 25 at a time: the bench measures streams held, not how fast a crowd can open them. */
async function openAll(cookies: string[], ips: string[]): Promise<Held[]> {
  const held: Held[] = [];
  for (let i = 0; i < cookies.length; i += 25)
    held.push(...(await Promise.all(cookies.slice(i, i + 25).map((c, j) => hold(c, ips[i + j]!)))));
  return held;
}

/** Sequential requests of one signed-in bystander; their latencies in ms. */
async function bystander(cookie: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${BASE}/api/notifications/unread-count`, {
      headers: { cookie, 'X-Forwarded-For': '10.250.0.1' },
    });
    await res.text();
    if (res.status !== 200) throw new Error(`bystander's request answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const bus = new InProcessBus(silentLogger);
  const identity = await startTestService(identityService, { bus });
  const notifications = await startTestService(notificationsService, {
    bus,
    peers: { identity: identity.service.address },
  });
  const signer = await createTokenSigner(identity.database.db, systemRandom);
  const unreachable = '127.0.0.1:1';
  const gateway = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'tools/bench/src/stream-gateway.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        EMBEDDED: 'true',
        TRUST_PROXY: '1',
        // A loaded machine (other benches, tests) may hold a replay back longer than the default 5 s.
        UPSTREAM_TIMEOUT_MS: '30000',
        IDENTITY_ADDR: identity.service.address,
        NOTIFICATIONS_ADDR: notifications.service.address,
        ...Object.fromEntries(
          ['CARDS_MARKET', 'TRADING', 'MISSIONS', 'WALLET_PAYMENTS', 'ADMIN', 'LEADERBOARD', 'MATCHDAY'].map(
            (n) => [`${n}_ADDR`, unreachable],
          ),
        ),
      },
    },
  );
  const held: Held[] = [];
  let tick = 0;
  const publishTick = () =>
    bus.publish([
      eventMessage('market.prices.ticked', 'market', {
        tick: ++tick,
        tickedAt: new Date().toISOString(),
        prices: Array.from({ length: 600 }, (_, i) => ({
          playerId: i + 1,
          price: 1_000 + tick,
          previousPrice: 1_000,
          priceChange: 0.1,
        })),
      }),
    ]);
  try {
    for (let i = 0; i < 200; i++) {
      if (
        await fetch(`${BASE}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(250);
    }
    const sign = async (userId: number) => {
      const { token } = await signer.sign(
        { userId, sessionId: randomUUID(), isAdmin: false },
        new Date(),
        3_600,
      );
      return `tl_session=${token}`;
    };
    const cookies: string[] = [];
    for (let u = 0; u < USERS; u++) cookies.push(await sign(2_000_000 + u));
    const ips = cookies.map((_, u) => `10.${Math.floor(u / 250)}.${u % 250}.1`);
    const quietUser = await sign(3_000_000);
    const greedyUserId = 3_000_001;
    const greedy = await sign(greedyUserId);

    // Warm the gateway's code paths, its Live subscription and the bystander's session.
    const warm = await openAll(cookies.slice(0, 50), ips.slice(0, 50));
    for (const h of warm) h.req.destroy();
    await bystander(quietUser, 20);
    await sleep(SETTLE_MS);
    const base = await memoryOf(gateway);
    const snapshots = process.env.BENCH_HEAP_SNAPSHOT;
    if (snapshots) await heapSnapshot(gateway, `${snapshots}-0.heapsnapshot`);
    const quiet = await bystander(quietUser, BYSTANDER_REQUESTS);

    held.push(...(await openAll(cookies, ips)));
    await sleep(SETTLE_MS);
    const at1000 = await memoryOf(gateway);
    if (snapshots) await heapSnapshot(gateway, `${snapshots}-1000.heapsnapshot`);

    // The tick: published once on the bus; every stream records when its `prices` arrived.
    const delays: number[] = [];
    for (let t = 0; t < TICKS; t++) {
      const sent = performance.now();
      await publishTick();
      const deadline = Date.now() + 10_000;
      while (held.some((h) => !h.prices.has(tick)) && Date.now() < deadline) await sleep(5);
      for (const h of held) delays.push((h.prices.get(tick) ?? Infinity) - sent);
      await sleep(500);
    }

    // A busy market: sales heard by every stream, MARKET_RATE a second for MARKET_SECONDS, against as
    // long with the streams open and quiet: the gateway's CPU for those changes alone.
    const gatewayCpu = () => cpuMsByPid(gateway.pid!);
    const quietBefore = gatewayCpu();
    await sleep(MARKET_SECONDS * 1_000);
    const quietCpu = cpuMsBetween(quietBefore, gatewayCpu());
    const busyBefore = gatewayCpu();
    let sale = 0;
    for (let s = 0; s < MARKET_SECONDS * 10; s++) {
      const started = Date.now();
      await bus.publish(
        Array.from({ length: MARKET_RATE / 10 }, () => {
          sale++;
          return eventMessage('market.sale.completed', String(sale), {
            saleId: randomUUID(),
            listingId: sale,
            cardId: sale,
            playerId: 1 + (sale % 600),
            playerName: 'Bench Player',
            rarity: 'Common',
            sellerUserId: 0,
            buyerUserId: 2_000_000 + (sale % USERS),
            price: 1_000,
            completedAt: new Date().toISOString(),
          });
        }),
      );
      await sleep(Math.max(0, 100 - (Date.now() - started)));
    }
    await sleep(1_000); // the last batch's writes
    const busyCpu =
      cpuMsBetween(busyBefore, gatewayCpu()) - quietCpu * ((MARKET_SECONDS + 1) / MARKET_SECONDS);

    // One user's 5 streams on top of the 1,000; a tick to all and an offer to the 5 every 500 ms.
    const greedyStreams = await openAll(Array(5).fill(greedy), Array(5).fill('10.251.0.1'));
    held.push(...greedyStreams);
    let fanning = true;
    const fanOut = (async () => {
      let offer = 0;
      while (fanning) {
        await publishTick();
        await bus.publish([
          eventMessage('trading.offer.created', String(++offer), {
            offerId: 900_000 + offer,
            fromUserId: 3_000_000,
            toUserId: greedyUserId,
            offeredCardIds: [1],
            offeredCoins: 0,
            requestedCardIds: [],
            requestedCoins: 0,
            wishId: 0,
            createdAt: new Date().toISOString(),
          }),
        ]);
        await sleep(500);
      }
    })();
    const crowded = await bystander(quietUser, BYSTANDER_REQUESTS);
    fanning = false;
    await fanOut;
    for (const h of greedyStreams) h.req.destroy();

    for (let round = 0; round < 4; round++) held.push(...(await openAll(cookies, ips)));
    await sleep(SETTLE_MS);
    const at5000 = await memoryOf(gateway);
    const streamsAt5000 = held.filter((h) => !h.req.destroyed).length;

    const kb = (bytes: number) => bytes / 1024;
    const perStream = (m: Memory, n: number) =>
      `RSS ${(kb(m.rss) / 1024).toFixed(1)} MB, per idle stream ${(kb(m.rss - base.rss) / n).toFixed(1)} KB RSS, ` +
      `${(kb(m.heapUsed - base.heapUsed) / n).toFixed(1)} KB heap, ${(kb(m.external - base.external) / n).toFixed(1)} KB external`;
    const tickFigures = percentiles(delays);
    const q = percentiles(quiet);
    const c = percentiles(crowded);
    const f = (n: number) => `${n.toFixed(0)} ms`;
    console.log(`bench:stream (gateway process alone; ${USERS} users; identity, notifications in the bench)`);
    console.log(
      `  load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `  gateway before streams: RSS ${(kb(base.rss) / 1024).toFixed(1)} MB, heap ${(kb(base.heapUsed) / 1024).toFixed(1)} MB (after forced GC)`,
    );
    console.log(`  1,000 streams: ${perStream(at1000, 1_000)}`);
    console.log(`  ${streamsAt5000.toLocaleString('en')} streams: ${perStream(at5000, streamsAt5000)}`);
    console.log(
      `  price tick (600 prices) to every one of 1,000 streams, ${TICKS} ticks: ` +
        `p50 ${f(tickFigures.p50)}, p99 ${f(tickFigures.p99)}, max ${f(tickFigures.max)}`,
    );
    console.log(
      `  a busy market, ${MARKET_RATE} sales a second for ${MARKET_SECONDS} s to 1,000 streams: gateway CPU ` +
        `${(busyCpu / MARKET_SECONDS).toFixed(0)} ms a second above quiet, ` +
        `${((busyCpu * 1_000) / (MARKET_RATE * MARKET_SECONDS * 1_000)).toFixed(1)} µs per sale and stream`,
    );
    console.log(
      `  bystander GET /api/notifications/unread-count, ${BYSTANDER_REQUESTS} requests each: ` +
        `quiet p50 ${f(q.p50)}, p99 ${f(q.p99)}; with 5 + 1,000 streams and a tick and an offer every 500 ms ` +
        `p50 ${f(c.p50)}, p99 ${f(c.p99)}; difference p50 ${f(c.p50 - q.p50)}, p99 ${f(c.p99 - q.p99)}`,
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
