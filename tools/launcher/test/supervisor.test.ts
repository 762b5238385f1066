import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { restartDelay, Supervisor, type RestartPolicy } from '../src/supervisor';

const policy: RestartPolicy = { initialDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** A child process that exits when told to; `ignoreSigterm` plays one that hangs on shutdown. */
class FakeChild extends EventEmitter {
  static nextPid = 1000;
  readonly pid = FakeChild.nextPid++;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly signals: NodeJS.Signals[] = [];
  constructor(private readonly ignoreSigterm = false) {
    super();
  }
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.signals.push(signal);
    if (signal === 'SIGTERM' && this.ignoreSigterm) return true;
    this.signalCode = signal;
    this.emit('exit', null, signal);
    return true;
  }
  exit(code: number): void {
    this.exitCode = code;
    this.emit('exit', code, null);
  }
}

/** A supervisor on a hand-driven clock and timer queue. */
function harness(options: { ignoreSigterm?: string[] } = {}) {
  let now = 0;
  const timers: { at: number; fn: () => void; cancelled: boolean; ms: number }[] = [];
  const lines: string[] = [];
  const children = new Map<string, FakeChild[]>();
  const supervisor = new Supervisor({
    policy,
    log: (line) => lines.push(line),
    now: () => now,
    schedule: (fn, ms) => {
      const timer = { at: now + ms, fn, cancelled: false, ms };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const add = (name: string) =>
    supervisor.add({
      name,
      start: () => {
        const child = new FakeChild(options.ignoreSigterm?.includes(name));
        children.set(name, [...(children.get(name) ?? []), child]);
        return child as unknown as ChildProcess;
      },
    });
  /** Moves the clock on, firing the timers that fall due. */
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => !t.cancelled && t.at <= now)) {
      timer.cancelled = true;
      timer.fn();
    }
  };
  const pending = () => timers.filter((t) => !t.cancelled).map((t) => t.ms);
  const latest = (name: string) => children.get(name)!.at(-1)!;
  return { supervisor, add, advance, pending, latest, children, lines };
}

describe('restartDelay', () => {
  it('doubles from the initial delay with each crash in a row, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map((n) => restartDelay(n, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('Supervisor', () => {
  it('restarts a process killed with SIGKILL after the backoff, and leaves the others running', () => {
    const h = harness();
    h.add('identity');
    h.add('cards-market');
    const first = h.latest('cards-market');
    first.kill('SIGKILL');

    expect(h.lines.at(-1)).toBe(
      '[supervisor] cards-market exited (signal SIGKILL) after 0.0 s; crash 1 in a row, restarting in 1.0 s',
    );
    expect(h.supervisor.pid('cards-market')).toBeUndefined();
    h.advance(999);
    expect(h.children.get('cards-market')).toHaveLength(1);
    h.advance(1);
    expect(h.children.get('cards-market')).toHaveLength(2);
    expect(h.supervisor.pid('cards-market')).toBe(h.latest('cards-market').pid);
    expect(h.supervisor.restarts('cards-market')).toBe(1);
    expect(h.lines.at(-1)).toBe(`[supervisor] cards-market started (pid ${h.latest('cards-market').pid})`);
    // identity was never touched.
    expect(h.children.get('identity')).toHaveLength(1);
    expect(h.latest('identity').signals).toEqual([]);
  });

  it('logs the exit code, backs off more with each crash in a row and starts over after a long run', () => {
    const h = harness();
    h.add('wallet-payments');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      h.advance(100);
      h.latest('wallet-payments').exit(1);
      delays.push(...h.pending());
      h.advance(h.pending()[0]!);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(h.lines).toContain(
      '[supervisor] wallet-payments exited (exit code 1) after 0.1 s; crash 7 in a row, restarting in 30.0 s',
    );

    // Up for a minute: the next crash is a first crash again.
    h.advance(60_000);
    h.latest('wallet-payments').exit(0);
    expect(h.pending()).toEqual([1_000]);
  });

  it('stop() sends SIGTERM to every process, cancels pending restarts and SIGKILLs one that hangs', async () => {
    const h = harness({ ignoreSigterm: ['trading'] });
    h.add('identity');
    h.add('trading');
    h.add('admin');
    h.latest('admin').exit(3);
    expect(h.pending()).toEqual([1_000]);

    const stopped = h.supervisor.stop(15_000);
    expect(h.latest('identity').signals).toEqual(['SIGTERM']);
    expect(h.latest('trading').signals).toEqual(['SIGTERM']);
    // The pending restart of admin is cancelled; only the grace timer remains.
    expect(h.pending()).toEqual([15_000]);
    h.advance(15_000);
    await stopped;
    expect(h.latest('trading').signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(h.children.get('admin')).toHaveLength(1);
    expect(h.lines.some((l) => l.includes('SIGKILL'))).toBe(true);
  });

  it('a process that ends during stop() is not restarted', async () => {
    const h = harness();
    h.add('identity');
    await h.supervisor.stop();
    expect(h.pending()).toEqual([]);
    expect(h.children.get('identity')).toHaveLength(1);
  });
});
