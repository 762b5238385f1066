export interface ReadinessState {
  ready: boolean;
  /** Each upstream's grpc.health.v1 status and the store's, by name. */
  checks: Record<string, string>;
}

/** Checks each dependency once and names its status (`SERVING` when it is fine). */
export type DependencyCheck = () => Promise<Record<string, string>>;

/** How stale an answer /readyz may give: a dependency that went down shows within this. */
export const READINESS_MAX_AGE_MS = 1_000;

const STOPPED: ReadinessState = { ready: false, checks: { gateway: 'SHUTTING_DOWN' } };

/**
 * The readiness /readyz answers, checked at most once per READINESS_MAX_AGE_MS whatever the number
 * of callers (issue 40: a fan-out to every upstream per call let a probe flood shed real players).
 * Refreshed lazily by the first call after it went stale, and every call meanwhile waits for that
 * one check, so an answer is never older than the limit; an idle process checks nothing and holds
 * no timer. The check's own deadlines bound how long a caller waits.
 */
export class Readiness {
  private state: { at: number; value: ReadinessState } | undefined;
  private refreshing: Promise<ReadinessState> | undefined;
  private stopped = false;

  constructor(
    private readonly check: DependencyCheck,
    private readonly now: () => number = () => performance.now(),
  ) {}

  current(): Promise<ReadinessState> {
    if (this.stopped) return Promise.resolve(STOPPED);
    if (this.state && this.now() - this.state.at < READINESS_MAX_AGE_MS)
      return Promise.resolve(this.state.value);
    return (this.refreshing ??= this.refresh());
  }

  /** From shutdown on: not ready, and no check runs again (the pod leaves the Service at once). */
  stop(): void {
    this.stopped = true;
  }

  private async refresh(): Promise<ReadinessState> {
    // Dated from the check's start: whatever changed after it started shows in the next one.
    const at = this.now();
    try {
      const checks = await this.check();
      const value = { ready: Object.values(checks).every((s) => s === 'SERVING'), checks };
      this.state = { at, value };
      return this.stopped ? STOPPED : value;
    } finally {
      this.refreshing = undefined;
    }
  }
}
