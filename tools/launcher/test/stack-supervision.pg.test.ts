/**
 * `npm run stack` as a whole (issue 9 item 5), on real Postgres: nine processes under the
 * supervisor, each service on loopback and on its own Postgres role. A service killed with SIGKILL
 * is restarted and serves again while the others keep running; SIGTERM to the launcher stops them
 * all. Needs TEST_DATABASE_URL (see vitest.config.mts); creates and drops its own database and roles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { checkHealth } from '@touchline/kit';
import { SERVICE_MODULES } from '../src/services';
import { freePort, ROOT } from '../src/spawn';

const baseUrl = process.env.TEST_DATABASE_URL!;
const suffix = randomBytes(4).toString('hex');
const database = `${new URL(baseUrl).pathname.slice(1)}_stack_${suffix}`;
const adminUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
const rolePrefix = `tl_${suffix}_`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Eight consecutive free ports below the ephemeral range, for GRPC_BASE_PORT. */
async function freePortRange(count: number): Promise<number> {
  for (;;) {
    const base = 21_000 + Math.floor(Math.random() * 9_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

/** Local addresses of the listening TCP sockets on `port` (Linux /proc/net/tcp and tcp6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [address, portHex] = local.split(':');
      if (portHex !== hexPort) continue;
      found.push(
        address === '0100007F'
          ? '127.0.0.1'
          : /^0+$/.test(address!)
            ? 'any'
            : address === '00000000000000000000000001000000'
              ? '::1'
              : address!,
      );
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Stack {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first log line (from now on) that matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Pid of each process's latest start, from the supervisor's log. */
  pids(): Map<string, number>;
}

function startStack(env: Record<string, string>): Stack {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/stack.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve(m: RegExpMatchArray): void; reject(e: Error): void }[] = [];
  child.once('exit', (code, signal) => {
    // Give the last lines a moment to arrive, then fail whoever still waits.
    setTimeout(() => {
      for (const waiter of waiters.splice(0))
        waiter.reject(new Error(`the launcher exited (${signal ?? code}):\n${lines.join('\n')}`));
    }, 200);
  });
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const waiter of [...waiters]) {
        const match = waiter.pattern.exec(line);
        if (match) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(match);
        }
      }
    });
  return {
    child,
    lines,
    waitFor: (pattern, timeoutMs = 180_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no log line matched ${pattern} within ${timeoutMs} ms:\n${lines.join('\n')}`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
      }),
    pids: () => {
      const pids = new Map<string, number>();
      for (const line of lines) {
        const match = /^\[supervisor\] (\S+) started \(pid (\d+)\)$/.exec(line);
        if (match) pids.set(match[1]!, Number(match[2]));
      }
      return pids;
    },
  };
}

let dataDir: string;
let stack: Stack;
let url: string;
let grpcBase: number;
const everyPid = new Set<number>();

beforeAll(async () => {
  await admin(baseUrl, (c) => c.query(`create database ${database}`));
  dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-stack-'));
  const port = await freePort();
  grpcBase = await freePortRange(SERVICE_MODULES.length);
  url = `http://127.0.0.1:${port}`;
  stack = startStack({
    DATABASE_URL: adminUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    KAFKA_BROKERS: '',
    PORT: String(port),
    GRPC_BASE_PORT: String(grpcBase),
    DATA_DIR: dataDir,
    DB_ROLE_PREFIX: rolePrefix,
    RESTART_BACKOFF_INITIAL_MS: '500',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    PAYMENTS_MODE: 'test',
    // Above 0, which needs no privilege: the test may run as any user.
    GATEWAY_NICENESS: '4',
  });
  await stack.waitFor(/stack is ready/);
  for (const pid of stack.pids().values()) everyPid.add(pid);
}, 240_000);

afterAll(async () => {
  if (stack?.child.exitCode === null) {
    stack.child.kill('SIGTERM');
    await new Promise((resolve) => stack.child.once('exit', resolve));
  }
  // Whatever the launcher left behind (only if a test failed half-way).
  for (const pid of everyPid) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await admin(baseUrl, async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    for (const m of SERVICE_MODULES) await c.query(`drop role if exists ${rolePrefix}${m.schema}`);
  });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function register(): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `stack-${suffix}@example.com`, password: 'a good password' }),
  });
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A POST with the Host and Origin a page on `host` would send (fetch may not set Host). */
function postAs(host: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        headers: {
          Host: host,
          Origin: `http://${host}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('npm run stack', () => {
  it('supervises nine processes; each service listens on 127.0.0.1 only', () => {
    expect([...stack.pids().keys()].sort()).toEqual(
      [...SERVICE_MODULES.map((m) => m.name), 'gateway'].sort(),
    );
    for (let i = 0; i < SERVICE_MODULES.length; i++)
      expect(listeningAddresses(grpcBase + i), SERVICE_MODULES[i]!.name).toEqual(['127.0.0.1']);
  });

  it('runs the gateway at GATEWAY_NICENESS and the services at 0 (decision 0019)', () => {
    const pids = stack.pids();
    expect(getPriority(pids.get('gateway')!)).toBe(4);
    for (const m of SERVICE_MODULES) expect(getPriority(pids.get(m.name)!), m.name).toBe(0);
  });

  it('its gateway answers loopback at its port only: a DNS-rebound name gets 421 (issue 29, item 1)', async () => {
    const port = new URL(url).port;
    const email = `rebind-${suffix}@example.com`;
    for (const path of ['/api/forgot-password', '/api/login']) {
      const rebound = await postAs(`rebind.attacker.test:${port}`, path, { email, password: 'x' });
      expect([rebound.status, JSON.parse(rebound.text)], path).toEqual([
        421,
        { message: expect.any(String) },
      ]);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const ours = await postAs(host, '/api/login', { email, password: 'not the password' });
      expect(ours.status, `${host}: ${ours.text}`).toBe(401);
    }
  });

  it('each service is connected to Postgres as its own role', async () => {
    const sessions = await admin(adminUrl, async (c) => {
      const result = await c.query<{ usename: string; application_name: string }>(
        `select distinct usename, application_name from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      return result.rows;
    });
    for (const m of SERVICE_MODULES)
      for (const session of sessions.filter((s) => s.application_name === m.schema))
        expect(session.usename).toBe(`${rolePrefix}${m.schema}`);
    expect(new Set(sessions.map((s) => s.usename))).not.toContain('postgres');
  });

  it('restarts a service killed with SIGKILL; it serves again and the others keep running', async () => {
    const cookie = await register();
    const teams = () => fetch(`${url}/api/teams`, { headers: { cookie } });
    expect((await teams()).status).toBe(200);

    const before = stack.pids();
    const victim = before.get('cards-market')!;
    const exited = stack.waitFor(/^\[supervisor\] cards-market exited \(signal SIGKILL\)/);
    const restarted = stack.waitFor(/^\[supervisor\] cards-market started \(pid (\d+)\)$/);
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    await exited;
    const newPid = Number((await restarted)[1]);
    everyPid.add(newPid);
    expect(newPid).not.toBe(victim);
    expect(alive(victim)).toBe(false);

    const address = `127.0.0.1:${grpcBase + SERVICE_MODULES.findIndex((m) => m.name === 'cards-market')}`;
    let health = '';
    for (let i = 0; i < 240 && health !== 'SERVING'; i++) {
      health = await checkHealth(address, 'touchline.cards_market.CardsMarket');
      if (health !== 'SERVING') await sleep(250);
    }
    expect(health).toBe('SERVING');
    const servingAfterMs = Date.now() - killedAt;

    // Through the gateway, with the session from before the crash.
    let status = 0;
    for (let i = 0; i < 120 && status !== 200; i++) {
      const res = await teams();
      status = res.status;
      if (status === 200) expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
      else await sleep(250);
    }
    expect(status).toBe(200);
    console.log(
      `cards-market killed with SIGKILL: health SERVING again after ${servingAfterMs} ms, ` +
        `gateway call answered 200 after ${Date.now() - killedAt} ms`,
    );

    // Nobody else was restarted.
    const after = stack.pids();
    for (const [name, pid] of before)
      if (name !== 'cards-market') {
        expect(after.get(name), name).toBe(pid);
        expect(alive(pid), name).toBe(true);
      }
  }, 180_000);

  it('SIGTERM to the launcher stops every process, and it exits 0', async () => {
    const pids = [...stack.pids().values()];
    const exit = new Promise<number | null>((resolve) => stack.child.once('exit', (code) => resolve(code)));
    stack.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(stack.lines.some((l) => /restarting in/.test(l) && !l.includes('cards-market'))).toBe(false);
  });
});
