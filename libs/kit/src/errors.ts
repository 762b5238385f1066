import { status as GrpcStatus, Metadata, type ServiceError } from '@grpc/grpc-js';

/**
 * The one error model. A use case throws a DomainError with a code; the gRPC layer turns the code
 * into a status (and sends the code itself in metadata), a peer client turns it back into the same
 * DomainError (peers.ts), and the gateway turns the code into an HTTP status with body {message}
 * through the one table below.
 */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'business_rule'
  | 'rate_limited'
  /** The operation was accepted but its outcome is not known yet: a sweeper settles it, and a retry
   *  with the same idempotency key answers the final outcome. */
  | 'pending'
  /** A peer is down or refused the call: nothing is known to have happened; try again shortly. */
  | 'unavailable'
  /** A peer did not answer within the deadline: the call may or may not have taken effect. */
  | 'timed_out'
  | 'unimplemented'
  | 'internal';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra JSON fields for the response body (e.g. remainingCoins); never secrets. */
    readonly details?: Record<string, unknown>,
    /** The Retry-After (seconds) of an answer that asks the client to come back; RETRY_AFTER_SECONDS when unset. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', message, details);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', message, details);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const businessRule = (message: string, details?: Record<string, unknown>) =>
  new DomainError('business_rule', message, details);
export const rateLimited = (message: string) => new DomainError('rate_limited', message);
export const pending = (message: string, details?: Record<string, unknown>) =>
  new DomainError('pending', message, details);
export const unavailable = (message = UNAVAILABLE_MESSAGE) => new DomainError('unavailable', message);
export const timedOut = (message = TIMED_OUT_MESSAGE) => new DomainError('timed_out', message);

export const UNAVAILABLE_MESSAGE = 'A service is temporarily unavailable. Please try again.';
export const TIMED_OUT_MESSAGE = 'A service took too long to answer. Please try again.';

/** A peer failed in a way that says nothing about whether the call took effect (saga code reads this). */
export function isOutcomeUnknown(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    (error.code === 'unavailable' || error.code === 'timed_out' || error.code === 'pending')
  );
}

const codeToGrpc: Record<ErrorCode, GrpcStatus> = {
  invalid: GrpcStatus.INVALID_ARGUMENT,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  forbidden: GrpcStatus.PERMISSION_DENIED,
  not_found: GrpcStatus.NOT_FOUND,
  conflict: GrpcStatus.ALREADY_EXISTS,
  business_rule: GrpcStatus.FAILED_PRECONDITION,
  rate_limited: GrpcStatus.RESOURCE_EXHAUSTED,
  // "Retry later" in gRPC's words; the code in metadata tells pending from unavailable.
  pending: GrpcStatus.UNAVAILABLE,
  unavailable: GrpcStatus.UNAVAILABLE,
  timed_out: GrpcStatus.DEADLINE_EXCEEDED,
  unimplemented: GrpcStatus.UNIMPLEMENTED,
  internal: GrpcStatus.INTERNAL,
};

/** The code of a status that came without our metadata (grpc-js itself, or a server without the kit). */
const grpcToCode: Partial<Record<GrpcStatus, ErrorCode>> = {
  [GrpcStatus.INVALID_ARGUMENT]: 'invalid',
  [GrpcStatus.OUT_OF_RANGE]: 'invalid',
  [GrpcStatus.UNAUTHENTICATED]: 'unauthenticated',
  [GrpcStatus.PERMISSION_DENIED]: 'forbidden',
  [GrpcStatus.NOT_FOUND]: 'not_found',
  [GrpcStatus.ALREADY_EXISTS]: 'conflict',
  [GrpcStatus.ABORTED]: 'conflict',
  [GrpcStatus.FAILED_PRECONDITION]: 'business_rule',
  [GrpcStatus.RESOURCE_EXHAUSTED]: 'rate_limited',
  [GrpcStatus.UNIMPLEMENTED]: 'unimplemented',
  [GrpcStatus.UNAVAILABLE]: 'unavailable',
  [GrpcStatus.CANCELLED]: 'unavailable',
  [GrpcStatus.DEADLINE_EXCEEDED]: 'timed_out',
};

/** Seconds a client should wait before asking again, on answers that say "try again". */
export const RETRY_AFTER_SECONDS = 2;

/**
 * The one table from error code to HTTP answer (docs/design.md#6-security). `message` replaces the
 * error's own where what went wrong inside must not reach the client.
 */
export const HTTP_ANSWERS: Record<ErrorCode, { status: number; retryAfter?: boolean; message?: string }> = {
  invalid: { status: 400 },
  unauthenticated: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  business_rule: { status: 422 },
  rate_limited: { status: 429 },
  pending: { status: 202, retryAfter: true },
  unavailable: { status: 503, retryAfter: true },
  timed_out: { status: 504, retryAfter: true },
  unimplemented: { status: 501, message: 'This feature is not available yet' },
  internal: { status: 500 },
};

export const ERROR_DETAILS_KEY = 'x-error-details';
/** The ErrorCode itself, so that a peer or the gateway gets back exactly the error that was thrown. */
export const ERROR_CODE_KEY = 'x-error-code';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export interface GrpcErrorPayload {
  code: GrpcStatus;
  details: string;
  metadata: Metadata;
}

/** JSON with every character outside printable ASCII escaped (\uXXXX): all a gRPC metadata value may hold. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Postgres could not serve the statement now: too many connections or out of resources (class 53),
 * the connection failed or broke (class 08, or the client's own "Connection terminated"), the server
 * is shutting down or starting (57P01-57P03), or no pooled connection came in time. The transaction
 * did not commit, or its COMMIT's outcome is unknown: "try again", as from a peer that is down.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^(53|08|57P0[123])/.test(code)) return true;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Knex: Timeout acquiring a connection)/.test(message)
  );
}

/** DomainError → gRPC error object (status, message, JSON details in metadata). Anything else is INTERNAL. */
export function toGrpcError(error: unknown): GrpcErrorPayload {
  if (isDatabaseUnavailable(error)) return toGrpcError(unavailable());
  // A peer that is down or did not answer in time, as grpc-js rejects a use case's call to it: the
  // caller hears "try again" (503/504 at the gateway), as it would from the peer itself, not INTERNAL.
  if (isServiceError(error)) {
    const passed = fromGrpcError(error);
    if (passed.code === 'unavailable' || passed.code === 'timed_out') return toGrpcError(passed);
  }
  const metadata = new Metadata();
  if (error instanceof DomainError && error.code !== 'internal') {
    metadata.set(ERROR_CODE_KEY, error.code);
    if (error.details) metadata.set(ERROR_DETAILS_KEY, asciiJson(error.details));
    return { code: codeToGrpc[error.code], details: error.message, metadata };
  }
  return { code: GrpcStatus.INTERNAL, details: INTERNAL_MESSAGE, metadata };
}

const ERROR_CODES = new Set<string>(Object.keys(codeToGrpc));

function detailsOf(metadata: Metadata | undefined): Record<string, unknown> | undefined {
  const raw = metadata?.get(ERROR_DETAILS_KEY)[0];
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A gRPC failure as the DomainError it stands for. An error our kit sent comes back with its code,
 * message and details. A bare status (grpc-js's own: the peer is down, the deadline passed) gets a
 * kit code and a generic message, never the transport's words; one without a code of ours is
 * 'internal'.
 */
export function fromGrpcError(error: ServiceError): DomainError {
  const sent = error.metadata?.get(ERROR_CODE_KEY)[0];
  if (typeof sent === 'string' && ERROR_CODES.has(sent))
    return new DomainError(sent as ErrorCode, error.details || 'Request failed', detailsOf(error.metadata));
  const code = grpcToCode[error.code as GrpcStatus] ?? 'internal';
  const message =
    code === 'unavailable'
      ? UNAVAILABLE_MESSAGE
      : code === 'timed_out'
        ? TIMED_OUT_MESSAGE
        : code === 'internal' || code === 'unimplemented'
          ? (HTTP_ANSWERS[code].message ?? INTERNAL_MESSAGE)
          : error.details || 'Request failed';
  return new DomainError(code, message, detailsOf(error.metadata));
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && 'code' in error && 'metadata' in error;
}

export interface HttpError {
  status: number;
  body: { message: string } & Record<string, unknown>;
  /** Retry-After (seconds) on the answers that ask the client to come back. */
  headers?: Record<string, string>;
}

/** DomainError, gRPC error or anything thrown → HTTP status and {message} body, never leaking internals. */
export function toHttpError(error: unknown): HttpError {
  const domain =
    error instanceof DomainError ? error : isServiceError(error) ? fromGrpcError(error) : undefined;
  if (!domain || domain.code === 'internal') return { status: 500, body: { message: INTERNAL_MESSAGE } };
  const answer = HTTP_ANSWERS[domain.code];
  const message = answer.message ?? domain.message;
  const body =
    domain.code === 'pending'
      ? { ...domain.details, status: 'pending', message }
      : { ...domain.details, message };
  const retryAfter = domain.retryAfterSeconds ?? RETRY_AFTER_SECONDS;
  return answer.retryAfter
    ? { status: answer.status, body, headers: { 'Retry-After': String(retryAfter) } }
    : { status: answer.status, body };
}
