import type { Response } from 'express';
import { busy, CallGate, DomainError, fromGrpcError, isServiceError, pending } from '@touchline/kit';
import type { GatewayConfig } from '../config';
import { connectionCap } from '../http/open-files';

/**
 * The gateway's refusals under load, in one place: what each one answers and which settings drive
 * it. When to refuse stays with the small mechanism that sees the load (connection-limits.ts for
 * sockets, loop-lag.ts for this process, in-flight.ts per client, the upstream gates below per
 * service, errors.ts for a read whose upstream ran out of time, live/hub.ts for streams); what to
 * answer is decided here, so every refusal looks alike to the web: 429 (this client has too much
 * open) or 503 (this server is too busy), always with Retry-After and {message}. What is refused is
 * never sent on (but for a read that ran out of time upstream, which changed nothing), yet a
 * request may have made other calls before one of them was refused: the web retries these answers
 * for reads and keyed changes only (web/src/lib/shedding.ts). The table of who refuses what, kit
 * and web included: docs/architecture.md, "Shedding: who refuses what".
 */

export interface Refusal {
  status: 429 | 503;
  message: string;
}

/** A request shed for want of capacity, in this process or an upstream; the web retries it, saying so. */
export const BUSY_MESSAGE = 'Touchline is very busy right now. Please try again in a moment.';
/** One client has too many requests on the way; the web retries it. */
export const TOO_MANY_IN_FLIGHT =
  'Too many of your requests are on their way at once. Please wait a moment and try again.';
export const TOO_MANY_CONNECTIONS = 'Too many open connections from your address. Close some and try again.';
export const SERVER_FULL = 'The server has too many open connections. Please try again shortly.';

export const REFUSALS = {
  busy: { status: 503, message: BUSY_MESSAGE },
  tooManyInFlight: { status: 429, message: TOO_MANY_IN_FLIGHT },
  tooManyConnections: { status: 429, message: TOO_MANY_CONNECTIONS },
  serverFull: { status: 503, message: SERVER_FULL },
  liveRestarting: { status: 503, message: 'The server is restarting: try again in a moment' },
  liveFull: { status: 503, message: 'Too many live connections on this server: try again shortly' },
  liveTooManyFromAddress: {
    status: 429,
    message: 'Too many live connections from your network: close some tabs',
  },
} as const satisfies Record<string, Refusal>;

/** Answers a refused request. */
export function refuse(res: Response, refusal: Refusal, retryAfterSeconds: number): void {
  res.set('Retry-After', String(retryAfterSeconds));
  res.status(refusal.status).json({ message: refusal.message });
}

const STATUS_LINES: Record<Refusal['status'], string> = {
  429: '429 Too Many Requests',
  503: '503 Service Unavailable',
};

/**
 * The same answer as raw HTTP, for a socket refused before any request on it is read (there is no
 * request or response object yet, and building one would cost what the refusal is there to save).
 */
export function refusalBytes(refusal: Refusal, retryAfterSeconds: number): Buffer {
  const body = JSON.stringify({ message: refusal.message });
  return Buffer.from(
    `HTTP/1.1 ${STATUS_LINES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: ${retryAfterSeconds}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Whether an answer counts as refused in the metrics: a 429 or 503 with Retry-After. An upstream
 * that is down (503 with Retry-After from errors.ts) counts too: the player is turned away the same.
 */
export const countsAsRefused = (status: number, retryAfter: unknown): boolean =>
  (status === 429 || status === 503) && retryAfter !== undefined;

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

/** A read asks for nothing to change: GET (and HEAD, which express serves with it), as in the contract. */
export const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/**
 * How long a request's calls may wait for an upstream slot (request-budget.ts puts it in the kit's
 * request context): a read `UPSTREAM_READ_QUEUE_WAIT_MS`, refused within it, since the web asks a
 * refused read again after Retry-After and a read served late is worth nothing; a change keeps the
 * gate's own `UPSTREAM_QUEUE_WAIT_MS`, since it is asked again only with an Idempotency-Key.
 */
export const queueWaitMs = (
  config: Pick<GatewayConfig, 'UPSTREAM_READ_QUEUE_WAIT_MS'>,
  method: string,
): number | undefined => (isRead(method) ? config.UPSTREAM_READ_QUEUE_WAIT_MS : undefined);

/** The answer of a change whose call ran out of time upstream, on a route that answers pending. */
export const STILL_CONFIRMING = 'Your request is being confirmed. Please check back in a moment.';

/**
 * What an upstream call that ran out of time answers (DEADLINE_EXCEEDED: kit errors.ts's
 * 'timed_out', 504 by the kit's table). Overload is a refusal, never a timeout:
 * - a read changed nothing, so it is refused like any call shed for load: 503 "busy" with
 *   Retry-After, which the web sends again after the wait;
 * - a change may have taken effect. On a route that answers 202 pending and was sent with an
 *   Idempotency-Key, it is pending: the same key asks for its outcome (the web's untilSettled);
 * - any other change stays 504 with Retry-After: its outcome is unknown and its route has no pending
 *   answer to wait on; only the same Idempotency-Key may send it again.
 * Any other error is returned as it is (errors.ts answers it by the kit's table).
 */
export function timeoutAnswer(
  error: unknown,
  request: { method: string; idempotencyKey: string | undefined; answersPending: boolean },
  retryAfterSeconds: number,
): unknown {
  const domain =
    error instanceof DomainError ? error : isServiceError(error) ? fromGrpcError(error) : undefined;
  if (domain?.code !== 'timed_out') return error;
  if (isRead(request.method)) return busy(BUSY_MESSAGE, retryAfterSeconds);
  if (request.answersPending && request.idempotencyKey) return pending(STILL_CONFIRMING);
  return error;
}

/** The in-flight counts per client (in-flight.ts). */
export const inFlightLimits = (config: GatewayConfig) => ({
  perUser: config.IN_FLIGHT_PER_USER,
  perAddress: config.IN_FLIGHT_PER_ADDRESS,
  retryAfterSeconds: config.SHED_RETRY_AFTER_S,
});

/**
 * The event-loop delay above which /api is refused (loop-lag.ts). Off embedded: every service
 * shares the one loop there, and PGlite's queries block it by design.
 */
export const maxLoopLagMs = (config: Pick<GatewayConfig, 'OVERLOAD_LAG_MS' | 'EMBEDDED'>): number =>
  config.OVERLOAD_LAG_MS ?? (config.EMBEDDED ? 0 : 1_000);

/** The caps on open connections (connection-limits.ts), below the process's open-file limit. */
export const connectionLimits = (
  config: Pick<
    GatewayConfig,
    'TRUST_PROXY' | 'CONNECTIONS_PER_ADDRESS' | 'CONNECTIONS_MAX' | 'SHED_RETRY_AFTER_S'
  >,
  fileLimit: number | undefined,
) => ({
  // Behind a proxy every connection comes from it; the client's address is known only once a
  // request's head is read, too late for a half-open connection. The proxy limits per client.
  perAddress: config.TRUST_PROXY > 0 ? 0 : config.CONNECTIONS_PER_ADDRESS,
  max: connectionCap(config.CONNECTIONS_MAX, fileLimit),
  retryAfterSeconds: config.SHED_RETRY_AFTER_S,
});
