import { busy, CallGate } from '@touchline/kit';
import type { GatewayConfig } from '../config';

/** What a player reads when the gateway sheds a request (503); the web retries it, saying so. */
export const BUSY_MESSAGE = 'Touchline is very busy right now. Please try again in a moment.';

/** The limits of the calls to one upstream service (config: UPSTREAM_CONCURRENCY …). */
export interface ShedSettings {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

export function shedSettings(config: GatewayConfig): ShedSettings {
  return {
    concurrency: config.UPSTREAM_CONCURRENCY,
    queue: config.UPSTREAM_QUEUE,
    maxWaitMs: config.UPSTREAM_QUEUE_WAIT_MS,
    retryAfterSeconds: config.SHED_RETRY_AFTER_S,
  };
}

/** One upstream service's gate: a call it refuses answers 503 with Retry-After, unsent. */
export function upstreamGate(settings: ShedSettings): CallGate {
  return new CallGate({
    concurrency: settings.concurrency,
    queue: settings.queue,
    maxWaitMs: settings.maxWaitMs,
    refusal: () => busy(BUSY_MESSAGE, settings.retryAfterSeconds),
  });
}
