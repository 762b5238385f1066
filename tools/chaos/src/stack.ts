import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { replicaCounts } from '@touchline/launcher/replicas';
import { config } from './config';

const ROOT = path.resolve(__dirname, '../../..');

/** The processes the stack supervises, by the name the supervisor logs. */
export const SERVICES = [
  'identity',
  'wallet-payments',
  'cards-market',
  'trading',
  'missions',
  'matchday',
  'leaderboard',
  'notifications',
  'admin',
] as const;
export type ProcessName = (typeof SERVICES)[number] | 'gateway';

export interface RunningStack {
  child: ChildProcess;
  url: string;
  /** Pid of a process's current run (of one of its replicas), found among the launcher's children. */
  pid(name: ProcessName): number | undefined;
  /** Pids of every running replica of a process. */
  pids(name: ProcessName): number[];
  /** How many replicas of the process the stack runs. */
  replicas(name: ProcessName): number;
  /** The Kafka the stack's processes use (the launcher's mock cluster unless KAFKA_BROKERS is set). */
  brokers(): string | undefined;
  /** How many lines the stack printed that match one of the watched patterns. */
  count(pattern: RegExp): number;
  /** The first lines (up to 20) that matched one of the watched patterns. */
  matches(pattern: RegExp): string[];
  tail(lines: number): string;
  stop(): Promise<void>;
}

function entryOf(name: ProcessName): string {
  return name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (list) out.push(...list.split(/\s+/).map(Number));
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * `npm run stack` exactly as a developer runs it (supervisor, one role per service, the Kafka mock),
 * on the run's own database and ports, with the bus's chaos switch on.
 */
export async function startStack(env: Record<string, string>, watch: RegExp[]): Promise<RunningStack> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/stack.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const counts = replicaCounts([...SERVICES, 'gateway'], { ...process.env, ...env });
  const lines: string[] = [];
  let brokers = env.KAFKA_BROKERS ?? process.env.KAFKA_BROKERS;
  const matched = new Map<RegExp, string[]>();
  const counters = new Map<RegExp, number>();
  const patterns = [...watch];
  const file = config.stackLogFile ? createWriteStream(config.stackLogFile) : undefined;
  const onLine = (line: string) => {
    file?.write(`${line}\n`);
    lines.push(line);
    brokers ??= /in-memory mock cluster at (\S+)/.exec(line)?.[1];
    if (lines.length > 2000) lines.splice(0, 1000);
    if (config.verbose) console.log(`  | ${line}`);
    for (const p of patterns)
      if (p.test(line)) {
        counters.set(p, (counters.get(p) ?? 0) + 1);
        const seen = matched.get(p) ?? [];
        if (seen.length < 20) matched.set(p, [...seen, line]);
      }
  };
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', onLine);
  // 4 minutes for one process of each, 2 more per extra replica of each: every replica adds start-up
  // work on the same shared cores (docs/chaos.md has a run's figure).
  const startMs = 240_000 + 120_000 * (Math.max(...counts.values()) - 1);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // The launcher stops what it started, once this run waits for it: exiting first would close
      // its pipe, and it would die on its next line and orphan them.
      const failed = new Error(
        `stack did not start within ${startMs / 1000} s:\n${lines.slice(-40).join('\n')}`,
      );
      child.once('exit', () => reject(failed));
      child.kill('SIGTERM');
    }, startMs);
    const check = (line: string) => {
      if (line.includes('stack is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', check);
    child.once('exit', () => reject(new Error(`stack exited:\n${lines.join('\n')}`)));
  });
  const pids = (name: ProcessName) =>
    childrenOf(child.pid!).filter((pid) => cmdline(pid).includes(entryOf(name)));
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    pid: (name) => pids(name)[0],
    pids,
    replicas: (name) => counts.get(name) ?? 1,
    brokers: () => brokers,
    count: (pattern) => counters.get(pattern) ?? 0,
    matches: (pattern) => matched.get(pattern) ?? [],
    tail: (n) => lines.slice(-n).join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
