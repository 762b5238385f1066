import { cpuMsBetween, cpuMsByPid, postgresCpuMs, processLabel, signalTree } from './proc';
import { profilingEnv, startStack } from './stack';

/**
 * `npm run bench:idle`: the stack on a fresh database, no requests; prints the CPU each process
 * burns per second doing nothing (pollers, health checks, Kafka fetch loops, jobs), and Postgres's.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** How long the stack runs before the window: its start-up work (lazy modules, the first GCs) is not idle. */
const SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 5);

async function main(): Promise<void> {
  // BENCH_CPU_PROF=<dir>: a CPU profile of every process for the idle window (see profile-summary.ts).
  const profileDir = process.env.BENCH_CPU_PROF;
  const stack = await startStack(profilingEnv(profileDir));
  try {
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    if (profileDir) signalTree(stack.child.pid!, 'SIGUSR2');
    const before = cpuMsByPid(stack.child.pid!);
    const pgBefore = postgresCpuMs(stack.database);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const after = cpuMsByPid(stack.child.pid!);
    if (profileDir) {
      signalTree(stack.child.pid!, 'SIGUSR2');
      await new Promise((r) => setTimeout(r, 2_000)); // let the profiles be written
    }
    const rows = [...after].map(([pid, ms]) => ({
      pid,
      name: processLabel(pid),
      perSecond: (ms - (before.get(pid) ?? 0)) / seconds,
    }));
    rows.sort((a, b) => b.perSecond - a.perSecond);
    console.log(
      `bench:idle (stack, no requests, ${seconds.toFixed(1)} s after ${SETTLE_SECONDS} s to settle)`,
    );
    for (const r of rows)
      if (r.perSecond > 0) console.log(`  ${r.name.padEnd(28)} ${r.perSecond.toFixed(1).padStart(7)} ms/s`);
    const total = cpuMsBetween(before, after) / seconds;
    const pg = cpuMsBetween(pgBefore, postgresCpuMs(stack.database)) / seconds;
    console.log(
      `  total stack ${total.toFixed(0)} ms CPU per second; Postgres ${pg.toFixed(0)} ms per second`,
    );
  } finally {
    await stack.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
