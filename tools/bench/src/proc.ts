import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  cpuTicks: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** The pids of a process and all its descendants (Linux /proc). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Sends a signal to every Node process of a tree (the profiler hook of cpu-profiler.mjs listens for SIGUSR2). */
export function signalTree(rootPid: number, signal: NodeJS.Signals): void {
  for (const pid of processTree(rootPid)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('node'))
        process.kill(pid, signal);
    } catch {
      // exited meanwhile
    }
  }
}

/** CPU time (user + system) in milliseconds used so far by each process of a tree, by pid. */
export function cpuMsByPid(rootPid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of processTree(rootPid)) {
    const stat = readStat(pid);
    if (stat) out.set(pid, (stat.cpuTicks * 1000) / TICKS_PER_SECOND);
  }
  return out;
}

/** CPU milliseconds a process tree used between two snapshots (processes seen in both or born since). */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU milliseconds used so far by the Postgres backends connected to one database (their title names it). */
export function postgresCpuMs(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const stat = readStat(pid);
      if (stat) out.set(pid, (stat.cpuTicks * 1000) / TICKS_PER_SECOND);
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** The service a process of the stack runs (its OTEL_SERVICE_NAME), else its script. */
export function processLabel(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = args.find((a) => /\.(ts|js|mjs)$/.test(a)) ?? args[0] ?? '?';
    const service = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((e) => e.startsWith('OTEL_SERVICE_NAME='));
    return service ? service.slice('OTEL_SERVICE_NAME='.length) : script.split('/').slice(-3).join('/');
  } catch {
    return '?';
  }
}

/** CPU milliseconds between two snapshots, summed by processLabel, largest first. */
export function cpuMsByLabel(before: Map<number, number>, after: Map<number, number>): [string, number][] {
  const byLabel = new Map<string, number>();
  for (const [pid, ms] of after) {
    const label = processLabel(pid);
    byLabel.set(label, (byLabel.get(label) ?? 0) + ms - (before.get(pid) ?? 0));
  }
  return [...byLabel].sort((a, b) => b[1] - a[1]);
}
