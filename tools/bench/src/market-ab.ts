import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './stack';

/**
 * `npm run bench:market:ab -- <other checkout> [rounds]`: bench:market of this checkout and of
 * another (say a worktree of the commit before a change, with its own `npm install`) side by side,
 * their loads started together, so both share the machine's pace of the same minutes. The pace of
 * these shared machines moves by a third between runs minutes apart, which drowns a 10% change in
 * alternated runs; side by side, it slows both alike. Each round swaps which one starts first.
 * The other checkout's market.ts must know BENCH_BARRIER (since this script exists).
 */
const [other, roundsArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg ?? 3);

interface Result {
  rate: number;
  cpu: number;
  pg: number;
  errors: number;
  auditOk: boolean;
  byProcess: string;
  /** CPU ms per buy by process name, from byProcess. */
  perProcess: Map<string, number>;
}

function parse(output: string): Result {
  const line =
    /players:\s+([\d.]+) buys\/s.*CPU\/buy ([\d.]+) ms stack \+ ([\d.]+) ms Postgres \| errors (\d+)/.exec(
      output,
    );
  if (!line) throw new Error(`no result in the bench's output:\n${output}`);
  const byProcess = /CPU per buy by process: (.*) ms; the load driver/.exec(output)?.[1] ?? '';
  return {
    rate: Number(line[1]),
    cpu: Number(line[2]),
    pg: Number(line[3]),
    errors: Number(line[4]),
    auditOk: /ledger audit: ok/.test(output),
    byProcess,
    perProcess: new Map(
      byProcess
        .split(', ')
        .map((part) => /^(.*) ([\d.]+)$/.exec(part))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1]!, Number(m[2])]),
    ),
  };
}

const running = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const pid of running) process.kill(-pid, 'SIGTERM');
    process.exit(1);
  });

function bench(checkout: string, side: 'a' | 'b', barrier: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench:market'], {
      cwd: checkout,
      env: {
        ...process.env,
        BENCH_LEVELS: process.env.BENCH_LEVELS ?? '16',
        BENCH_SECONDS: process.env.BENCH_SECONDS ?? '30',
        BENCH_BARRIER: barrier,
        BENCH_PARTIES: '2',
        BENCH_PGBENCH: 'off',
        BENCH_DB_PREFIX: `touchline_bench_${side}`,
        BENCH_REDIS: `redis://127.0.0.1:6379/${side === 'a' ? 11 : 12}`,
        BENCH_GRPC_BASE: side === 'a' ? '21000' : '23000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stopping this script stops the bench, its stack and the services.
      detached: true,
    });
    running.add(child.pid!);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      running.delete(child.pid!);
      try {
        if (code !== 0) throw new Error(`bench:market in ${checkout} exited with ${code}:\n${output}`);
        resolve(parse(output));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Resolves once a bench waits at the barrier (its stack is up and its players signed up). */
async function oneWaiting(barrier: string): Promise<void> {
  while (readdirSync(barrier).length === 0) await new Promise((r) => setTimeout(r, 200));
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<void> {
  if (!other) throw new Error('usage: npm run bench:market:ab -- <other checkout> [rounds]');
  const checkouts = { this: ROOT, other: path.resolve(other) };
  console.log(
    `bench:market:ab: ${checkouts.this} (this) beside ${checkouts.other} (other), ${ROUNDS} rounds, ${process.env.BENCH_LEVELS ?? 16} players each`,
  );
  const results: { this: Result; other: Result }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const barrier = mkdtempSync(path.join(tmpdir(), 'touchline-ab-'));
    try {
      const thisFirst = round % 2 === 0;
      const first = bench(thisFirst ? checkouts.this : checkouts.other, 'a', barrier);
      // The second stack starts once the first is up: two launchers creating the services' Postgres
      // roles at once collide ('tuple concurrently updated').
      await Promise.race([first, oneWaiting(barrier)]);
      const second = bench(thisFirst ? checkouts.other : checkouts.this, 'b', barrier);
      const [a, b] = await Promise.all([first, second]);
      const pair = thisFirst ? { this: a, other: b } : { this: b, other: a };
      results.push(pair);
      for (const name of ['this', 'other'] as const) {
        const r = pair[name];
        console.log(
          `  round ${round + 1} ${name.padEnd(5)}: ${r.rate.toFixed(1).padStart(5)} buys/s, CPU/buy ${r.cpu.toFixed(1)} ms stack + ${r.pg.toFixed(1)} ms Postgres, errors ${r.errors}, audit ${r.auditOk ? 'ok' : 'FAILED'} | ${r.byProcess}`,
        );
      }
    } finally {
      rmSync(barrier, { recursive: true, force: true });
    }
  }
  const rate = (name: 'this' | 'other') => mean(results.map((r) => r[name].rate));
  const cpu = (name: 'this' | 'other') => mean(results.map((r) => r[name].cpu));
  console.log(
    `  mean       : this ${rate('this').toFixed(1)} buys/s, ${cpu('this').toFixed(1)} ms CPU/buy | other ${rate('other').toFixed(1)} buys/s, ${cpu('other').toFixed(1)} ms CPU/buy`,
  );
  // A process below the bench's 0.5 ms cut-off in a round counts as 0 there.
  const names = [
    ...new Set(results.flatMap((r) => [...r.this.perProcess.keys(), ...r.other.perProcess.keys()])),
  ];
  const processMean = (name: 'this' | 'other', process: string) =>
    mean(results.map((r) => r[name].perProcess.get(process) ?? 0));
  console.log(
    `  by process : ${names
      .sort((a, b) => processMean('other', b) - processMean('other', a))
      .map((p) => `${p} ${processMean('this', p).toFixed(1)} vs ${processMean('other', p).toFixed(1)}`)
      .join(', ')} ms per buy (this vs other, means)`,
  );
  console.log(
    `  this/other : buys/s ${((rate('this') / rate('other')) * 100).toFixed(0)}%, stack CPU per buy ${((cpu('this') / cpu('other')) * 100).toFixed(0)}% (per round: ${results
      .map((r) => `${((r.this.rate / r.other.rate) * 100).toFixed(0)}%`)
      .join(', ')} of the buy rate)`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
