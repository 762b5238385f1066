import type { RunningPrometheus } from './prometheus';

/** An alert as the run names it: `TouchlineProcessDown{process="leaderboard"}`. */
export function alertName(labels: Record<string, string>, keys: string[]): string {
  const shown = keys.filter((k) => labels[k] !== undefined).map((k) => `${k}="${labels[k]}"`);
  return `${labels.alertname}{${shown.join(', ')}}`;
}

const KEYS = ['process', 'service', 'saga', 'group', 'topic', 'job'];

/**
 * Polls Prometheus' alerts twice a second and keeps every change of state (pending, firing,
 * resolved) with the time since the run started, so the run can wait for one and print them all.
 */
export class AlertWatch {
  readonly events: { at: number; alert: string; state: 'pending' | 'firing' | 'resolved' }[] = [];
  private readonly current = new Map<string, 'pending' | 'firing'>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly prometheus: RunningPrometheus,
    private readonly startedAt: number,
    private readonly print: (line: string) => void,
  ) {}

  start(): void {
    const poll = async () => {
      try {
        this.record(await this.prometheus.alerts());
      } catch {
        // A missed poll is caught up by the next one.
      }
      this.timer = setTimeout(() => void poll(), 500);
    };
    void poll();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private record(alerts: { labels: Record<string, string>; state: 'pending' | 'firing' }[]): void {
    const now = new Map(alerts.map((a) => [alertName(a.labels, KEYS), a.state] as const));
    const at = (Date.now() - this.startedAt) / 1000;
    for (const [alert, state] of now) if (this.current.get(alert) !== state) this.change(at, alert, state);
    for (const alert of this.current.keys()) if (!now.has(alert)) this.change(at, alert, 'resolved');
    this.current.clear();
    for (const [alert, state] of now) this.current.set(alert, state);
  }

  private change(at: number, alert: string, state: 'pending' | 'firing' | 'resolved'): void {
    this.events.push({ at, alert, state });
    this.print(`  ${`+${at.toFixed(1)} s`.padStart(9)}  ${state.padEnd(8)}  ${alert}`);
  }

  /** Waits until an alert matching `match` reaches `state`; false after `timeoutMs`. */
  async until(
    match: (alert: string) => boolean,
    state: 'firing' | 'resolved',
    timeoutMs: number,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const seen = this.events.length;
    while (Date.now() < deadline) {
      if (this.events.slice(seen).some((e) => e.state === state && match(e.alert))) return true;
      if (
        state === 'resolved' &&
        ![...this.current.keys()].some(match) &&
        this.events.some((e) => match(e.alert))
      )
        return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }
}
