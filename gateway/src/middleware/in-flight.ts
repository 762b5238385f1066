import type { Request, RequestHandler } from 'express';
import { REFUSALS, refuse } from './shedding';

export interface InFlightLimits {
  /** Requests one signed-in user may have in flight in this process. */
  perUser: number;
  /** Requests without a session one address may have in flight in this process. */
  perAddress: number;
  retryAfterSeconds: number;
}

/** Who a request counts against: its user when signed in (any address, any tab), else its address. */
function clientOf(req: Request, limits: InFlightLimits): { key: string; limit: number } {
  return req.session
    ? { key: `u:${req.session.userId}`, limit: limits.perUser }
    : { key: `a:${req.ip ?? 'unknown'}`, limit: limits.perAddress };
}

/**
 * Counts each client's requests in flight in this process and refuses one more beyond its limit
 * with 429 and Retry-After, at once: one client (a stuck retry loop, a script) cannot fill the
 * upstream slots everyone shares. In memory: an in-flight count is about this process, not the
 * cluster (rate limits over time are the Redis-backed RateLimits). One instance serves the /api
 * router (after the session is read) and the probes; the live stream (its own limits) never passes.
 */
export function limitInFlight(limits: InFlightLimits): RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const { key, limit } = clientOf(req, limits);
    const count = inFlight.get(key) ?? 0;
    if (count >= limit) {
      refuse(res, REFUSALS.tooManyInFlight, limits.retryAfterSeconds);
      return;
    }
    inFlight.set(key, count + 1);
    res.once('close', () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    });
    next();
  };
}
