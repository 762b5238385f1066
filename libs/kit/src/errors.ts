import { status as GrpcStatus, Metadata, type ServiceError } from '@grpc/grpc-js';

/**
 * The one error model. A use case throws a DomainError with a code; the gRPC layer turns the code
 * into a status, and the gateway turns the status into an HTTP status with body {message}.
 */
export type ErrorCode =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'business_rule' | 'rate_limited';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra JSON fields for the response body (e.g. remainingCoins); never secrets. */
    readonly details?: Record<string, unknown>,
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

const codeToGrpc: Record<ErrorCode, GrpcStatus> = {
  invalid: GrpcStatus.INVALID_ARGUMENT,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  forbidden: GrpcStatus.PERMISSION_DENIED,
  not_found: GrpcStatus.NOT_FOUND,
  conflict: GrpcStatus.ALREADY_EXISTS,
  business_rule: GrpcStatus.FAILED_PRECONDITION,
  rate_limited: GrpcStatus.RESOURCE_EXHAUSTED,
};

const grpcToHttp: Partial<Record<GrpcStatus, number>> = {
  [GrpcStatus.INVALID_ARGUMENT]: 400,
  [GrpcStatus.OUT_OF_RANGE]: 400,
  [GrpcStatus.UNAUTHENTICATED]: 401,
  [GrpcStatus.PERMISSION_DENIED]: 403,
  [GrpcStatus.NOT_FOUND]: 404,
  [GrpcStatus.ALREADY_EXISTS]: 409,
  [GrpcStatus.ABORTED]: 409,
  [GrpcStatus.FAILED_PRECONDITION]: 422,
  [GrpcStatus.RESOURCE_EXHAUSTED]: 429,
  [GrpcStatus.UNIMPLEMENTED]: 501,
  [GrpcStatus.UNAVAILABLE]: 503,
  [GrpcStatus.DEADLINE_EXCEEDED]: 504,
  [GrpcStatus.CANCELLED]: 503,
};

export const ERROR_DETAILS_KEY = 'x-error-details';
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

/** DomainError → gRPC error object (status, message, JSON details in metadata). Anything else is INTERNAL. */
export function toGrpcError(error: unknown): GrpcErrorPayload {
  const metadata = new Metadata();
  if (error instanceof DomainError) {
    if (error.details) metadata.set(ERROR_DETAILS_KEY, asciiJson(error.details));
    return { code: codeToGrpc[error.code], details: error.message, metadata };
  }
  return { code: GrpcStatus.INTERNAL, details: INTERNAL_MESSAGE, metadata };
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && 'code' in error && 'metadata' in error;
}

export interface HttpError {
  status: number;
  body: { message: string } & Record<string, unknown>;
}

const httpDefaultMessages: Record<number, string> = {
  501: 'This feature is not available yet',
  503: 'A service is temporarily unavailable. Please try again.',
  504: 'A service took too long to answer. Please try again.',
};

/** gRPC error (or anything thrown) → HTTP status and {message} body, never leaking internals. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof DomainError) {
    return {
      status: grpcToHttp[codeToGrpc[error.code]] ?? 500,
      body: { ...error.details, message: error.message },
    };
  }
  if (isServiceError(error)) {
    const status = grpcToHttp[error.code as GrpcStatus] ?? 500;
    let details: Record<string, unknown> = {};
    const raw = error.metadata?.get(ERROR_DETAILS_KEY)[0];
    if (typeof raw === 'string') {
      try {
        details = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        details = {};
      }
    }
    const message =
      status >= 500 ? (httpDefaultMessages[status] ?? INTERNAL_MESSAGE) : error.details || 'Request failed';
    return { status, body: { ...details, message } };
  }
  return { status: 500, body: { message: INTERNAL_MESSAGE } };
}
