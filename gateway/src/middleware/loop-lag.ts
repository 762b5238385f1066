import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { REFUSALS, refuse } from './shedding';

export interface LoopLagShedding {
  /** Shed while the event loop's delay (p99 of the last window) is above this; 0: never. */
  maxLagMs: number;
  retryAfterSeconds: number;
  /** The delay measured over the last window, in ms (the process's own monitor by default). */
  lagMs?: () => number;
}

/**
 * The event loop's delay, p99 over windows of `windowMs`: how long a request that has arrived waits
 * before this process even reads it. The unref'd timer never keeps the process alive.
 */
export function eventLoopLag(windowMs = 500): { lagMs: () => number; stop: () => void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = 0;
  const timer = setInterval(() => {
    last = histogram.percentile(99) / 1e6;
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    lagMs: () => last,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * Refuses /api requests at once (503, Retry-After) while this gateway process is too busy to serve
 * them in time. The per-upstream gates and the per-client counts only see a request once it is read;
 * when the whole machine is short of CPU (1,000 crowd players on 2 cores), requests waited their 10 s
 * out before reaching either. A refusal costs next to nothing, so the delay falls and the next window
 * serves again.
 */
export function shedWhileLagging(options: LoopLagShedding): RequestHandler {
  const { maxLagMs, retryAfterSeconds } = options;
  const lag = options.lagMs ?? (maxLagMs > 0 ? eventLoopLag().lagMs : () => 0);
  return (_req, res, next) => {
    if (maxLagMs <= 0 || lag() <= maxLagMs) return next();
    refuse(res, REFUSALS.busy, retryAfterSeconds);
  };
}
