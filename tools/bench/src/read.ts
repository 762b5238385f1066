import { spawn } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { createInterface } from 'node:readline';
import { freePort } from '@touchline/launcher/spawn';
import { mintCollection } from './collection';
import { GRPC_INDEX, PG, ROOT, signUp, startStack } from './stack';
import { ms, percentiles } from './stats';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Seconds per endpoint and server, split in rounds that alternate the two servers (the machine's load drifts). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 4;
const ENDPOINTS = ['/api/market', '/api/market/all-players', '/api/player-catalog', '/api/user/cards'];

interface Target {
  url: string;
  headers: Record<string, string>;
}

async function get(target: Target, path: string): Promise<unknown> {
  const res = await fetch(`${target.url}${path}`, { headers: target.headers });
  if (res.status !== 200) throw new Error(`${target.url}${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** `CONCURRENCY` clients in a loop for `seconds`; every answer must be a 200. */
async function load(target: Target, path: string, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await fetch(`${target.url}${path}`, { headers: target.headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${target.url}${path} answered ${res.status}`);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return samples;
}

/**
 * Like load, as a browser that holds the answer: each request carries the ETag it last got
 * (If-None-Match), so an unchanged shared answer comes back as 304 with no body. Counts the 304s.
 */
async function loadWithEtag(target: Target, path: string, seconds: number) {
  const samples: number[] = [];
  let notModified = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      let etag = '';
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const headers = etag ? { ...target.headers, 'if-none-match': etag } : target.headers;
        const res = await fetch(`${target.url}${path}`, { headers });
        await res.arrayBuffer();
        if (res.status === 304) notModified++;
        else if (res.status !== 200) throw new Error(`${target.url}${path} answered ${res.status}`);
        etag = res.headers.get('etag') ?? etag;
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, notModified };
}

/** Whether the path answers with an ETag (a shared answer). */
async function hasEtag(target: Target, path: string): Promise<boolean> {
  const res = await fetch(`${target.url}${path}`, { headers: target.headers });
  await res.arrayBuffer();
  return res.headers.has('etag');
}

async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tools/bench/src/bare-server.ts', databaseUrl, String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line.includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * `npm run bench:read`: four reads served two ways in one run, on one fresh database: through
 * Touchline (stack mode: gateway, gRPC, cards-market) and through a bare express + pg server running
 * the same SQL and answering the same JSON (tools/bench/src/bare-server.ts). Prints requests per
 * second and latency at a fixed concurrency, and Touchline's rate as a share of bare's. A read that
 * answers an ETag (a shared answer) gets a third line, "with ETag": clients that send it back
 * (If-None-Match) and get 304 while it holds, in the same alternating rounds.
 */
async function main(): Promise<void> {
  const stack = await startStack();
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const { cookies, ids } = await signUp(stack.url, 1, 'collector');
    const userId = ids[0]!;
    await mintCollection(`127.0.0.1:${stack.grpcBase + GRPC_INDEX.cardsMarket}`, userId);
    const touchline: Target = { url: stack.url, headers: { cookie: cookies[0]! } };
    // Some user listings on the market, beside the market's own cards.
    const owned = (await get(touchline, '/api/user/cards')) as {
      id: number;
      player: { currentPrice: number };
    }[];
    for (const card of owned.slice(0, 40)) {
      const res = await fetch(`${stack.url}/api/market/sell/${card.id}`, {
        method: 'POST',
        headers: { ...touchline.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ price: card.player.currentPrice }),
      });
      if (res.status !== 200) throw new Error(`sell answered ${res.status}: ${await res.text()}`);
    }
    bare = await startBare(`${PG}/${stack.database}`);
    const bareTarget: Target = { url: bare.url, headers: { 'x-user-id': String(userId) } };

    // Same JSON both ways (asked again if a price tick fell between the two answers).
    for (const path of ENDPOINTS) {
      let same = false;
      for (let attempt = 0; attempt < 5 && !same; attempt++) {
        same = isDeepStrictEqual(await get(touchline, path), await get(bareTarget, path));
        if (!same) await new Promise((r) => setTimeout(r, 2_500));
      }
      if (!same) throw new Error(`${path}: Touchline and the bare server answer different JSON`);
    }

    console.log(
      `bench:read (stack mode vs bare express + pg on the same database; user with ${owned.length} cards; ${CONCURRENCY} concurrent clients, ${SECONDS} s per endpoint and server in ${ROUNDS} alternating rounds)`,
    );
    let worst = Infinity;
    let marketShared: { full: number; etag: number } | undefined;
    for (const path of ENDPOINTS) {
      await load(bareTarget, path, 1);
      await load(touchline, path, 1);
      const etagged = await hasEtag(touchline, path);
      const samples = { bare: [] as number[], touchline: [] as number[], etag: [] as number[] };
      let notModified = 0;
      for (let round = 0; round < ROUNDS; round++) {
        samples.bare.push(...(await load(bareTarget, path, SECONDS / ROUNDS)));
        samples.touchline.push(...(await load(touchline, path, SECONDS / ROUNDS)));
        if (!etagged) continue;
        const round304 = await loadWithEtag(touchline, path, SECONDS / ROUNDS);
        samples.etag.push(...round304.samples);
        notModified += round304.notModified;
      }
      const rps = (n: number) => n / SECONDS;
      const line = (label: string, s: number[]) => {
        const p = percentiles(s);
        return `${label} ${rps(s.length).toFixed(0).padStart(5)} rps  p50 ${ms(p.p50)}  p99 ${ms(p.p99)}`;
      };
      const ratio = samples.touchline.length / samples.bare.length;
      worst = Math.min(worst, ratio);
      console.log(`  GET ${path}`);
      console.log(`    ${line('bare     ', samples.bare)}`);
      console.log(`    ${line('touchline', samples.touchline)}   = ${(ratio * 100).toFixed(0)}% of bare`);
      if (etagged) {
        const share = samples.etag.length / samples.bare.length;
        const answered304 = (notModified / samples.etag.length) * 100;
        console.log(
          `    ${line('with ETag', samples.etag)}   = ${share.toFixed(1)}x bare (${answered304.toFixed(0)}% answered 304)`,
        );
        if (path === '/api/market') marketShared = { full: ratio, etag: share };
      }
    }
    console.log(`  lowest share of bare: ${(worst * 100).toFixed(0)}% (target: 70% or more)`);
    if (marketShared)
      console.log(
        `  GET /api/market from its shared answer: ${marketShared.full.toFixed(1)}x bare (200s), ${marketShared.etag.toFixed(1)}x bare (with ETag; target: 10x or more)`,
      );
  } finally {
    bare?.child.kill('SIGTERM');
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
