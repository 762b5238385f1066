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
 * before this process even reads it. The monitor samples every 10 ms only while requests come: a
 * window in which nobody asked ends it (an idle gateway would otherwise wake 100 times a second,
 * about 6 ms of CPU per second), and the next request starts it again, its delay 0 until its first
 * window ends. The unref'd timer never keeps the process alive.
 */
export function eventLoopLag(windowMs = 500): { lagMs: () => number; stop: () => void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let last = 0;
  let asked = false;
  let timer: NodeJS.Timeout | undefined;
  const sleep = () => {
    clearInterval(timer);
    timer = undefined;
    histogram.disable();
    histogram.reset();
    last = 0;
  };
  const wake = () => {
    histogram.enable();
    timer = setInterval(() => {
      last = histogram.percentile(99) / 1e6;
      histogram.reset();
      if (!asked) sleep();
      asked = false;
    }, windowMs);
    timer.unref();
  };
  return {
    lagMs: () => {
      asked = true;
      if (!timer) wake();
      return last;
    },
    stop: sleep,
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
