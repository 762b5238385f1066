import type { ChildProcess } from 'node:child_process';

/** Restart backoff, as the kubelet does it (10 s doubling to 5 min there; shorter here for a laptop). */
export interface RestartPolicy {
  /** Wait before the first restart after a crash. */
  initialDelayMs: number;
  /** The wait doubles with each crash in a row, up to this. */
  maxDelayMs: number;
  /** A process that stayed up this long starts again from initialDelayMs when it next crashes. */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  resetAfterMs: 60_000,
};

/** The wait before restarting after the n-th crash in a row (n ≥ 1): initial × 2^(n-1), capped. */
export function restartDelay(crashesInARow: number, policy: RestartPolicy): number {
  const doublings = Math.min(Math.max(crashesInARow - 1, 0), 30);
  return Math.min(policy.initialDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** How the supervisor starts one process; called again for every restart. */
export interface ProcessSpec {
  name: string;
  start(): ChildProcess;
}

export interface SupervisorOptions {
  policy?: RestartPolicy;
  log?(line: string): void;
  now?(): number;
  /** Runs `fn` after `ms`; returns a cancel function. Tests pass their own. */
  schedule?(fn: () => void, ms: number): () => void;
}

interface Supervised {
  spec: ProcessSpec;
  child?: ChildProcess;
  startedAt: number;
  crashesInARow: number;
  restarts: number;
  cancelRestart?: () => void;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

/**
 * Keeps a set of processes running, as the kubelet keeps a pod's containers running: a process that
 * exits for any reason is started again after a backoff that doubles with each crash in a row
 * (capped, and reset once the process has stayed up long enough); the others keep running. stop()
 * ends them all: SIGTERM, then SIGKILL for whatever is still alive after the grace period.
 */
export class Supervisor {
  private readonly processes = new Map<string, Supervised>();
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private stopping = false;

  constructor(options: SupervisorOptions = {}) {
    this.policy = options.policy ?? DEFAULT_RESTART_POLICY;
    this.log = options.log ?? ((line) => console.log(line));
    this.now = options.now ?? Date.now;
    this.schedule =
      options.schedule ??
      ((fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      });
  }

  /** Starts the process now and supervises it until stop(). */
  add(spec: ProcessSpec): void {
    if (this.processes.has(spec.name)) throw new Error(`${spec.name} is supervised already`);
    const entry: Supervised = { spec, startedAt: 0, crashesInARow: 0, restarts: 0 };
    this.processes.set(spec.name, entry);
    this.launch(entry);
  }

  /** Pid of the process's current run, if it is running. */
  pid(name: string): number | undefined {
    const child = this.processes.get(name)?.child;
    return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
  }

  /** How many times the process was restarted. */
  restarts(name: string): number {
    return this.processes.get(name)?.restarts ?? 0;
  }

  private launch(entry: Supervised): void {
    entry.cancelRestart = undefined;
    if (this.stopping) return;
    let child: ChildProcess;
    try {
      child = entry.spec.start();
    } catch (error) {
      this.log(`[supervisor] ${entry.spec.name} could not start: ${(error as Error).message}`);
      this.crashed(entry, null, null);
      return;
    }
    entry.child = child;
    entry.startedAt = this.now();
    this.log(`[supervisor] ${entry.spec.name} started (pid ${child.pid ?? 'unknown'})`);
    let ended = false;
    const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      this.crashed(entry, code, signal);
    };
    child.once('exit', onEnd);
    // A spawn that fails (no such file, no permission) emits 'error' and maybe never 'exit'.
    child.once('error', (error) => {
      this.log(`[supervisor] ${entry.spec.name}: ${error.message}`);
      onEnd(child.exitCode, child.signalCode);
    });
  }

  private crashed(entry: Supervised, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) return;
    const upMs = entry.startedAt ? this.now() - entry.startedAt : 0;
    if (upMs >= this.policy.resetAfterMs) entry.crashesInARow = 0;
    entry.crashesInARow += 1;
    const delay = restartDelay(entry.crashesInARow, this.policy);
    this.log(
      `[supervisor] ${entry.spec.name} exited (${describeExit(code, signal)}) after ${(upMs / 1000).toFixed(1)} s; ` +
        `crash ${entry.crashesInARow} in a row, restarting in ${(delay / 1000).toFixed(1)} s`,
    );
    entry.cancelRestart = this.schedule(() => {
      entry.restarts += 1;
      this.launch(entry);
    }, delay);
  }

  /** Stops supervising and ends every process: SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    const alive: ChildProcess[] = [];
    for (const entry of this.processes.values()) {
      entry.cancelRestart?.();
      const child = entry.child;
      if (child && child.exitCode === null && child.signalCode === null) alive.push(child);
    }
    const exited = alive.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
        }),
    );
    for (const child of alive) child.kill('SIGTERM');
    const cancelKill = this.schedule(() => {
      for (const child of alive)
        if (child.exitCode === null && child.signalCode === null) {
          this.log(`[supervisor] pid ${child.pid} did not stop within ${graceMs} ms: SIGKILL`);
          child.kill('SIGKILL');
        }
    }, graceMs);
    await Promise.all(exited);
    cancelKill();
  }
}
