import { describe, it, expect } from 'vitest';
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import {
  businessRule,
  conflict,
  DomainError,
  ERROR_DETAILS_KEY,
  forbidden,
  INTERNAL_MESSAGE,
  invalid,
  isServiceError,
  notFound,
  rateLimited,
  toGrpcError,
  toHttpError,
  unauthenticated,
  type ErrorCode,
} from '../src/errors';

/** What a grpc-js client rejects with, built from what the server side answered. */
function serviceErrorOf(error: unknown): ServiceError {
  const { code, details, metadata } = toGrpcError(error);
  return Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata });
}

function rawServiceError(code: status, details: string, metadata = new Metadata()): ServiceError {
  return Object.assign(new Error(details), { code, details, metadata });
}

describe('DomainError through gRPC to HTTP', () => {
  const table: [ErrorCode, status, number][] = [
    ['invalid', status.INVALID_ARGUMENT, 400],
    ['unauthenticated', status.UNAUTHENTICATED, 401],
    ['forbidden', status.PERMISSION_DENIED, 403],
    ['not_found', status.NOT_FOUND, 404],
    ['conflict', status.ALREADY_EXISTS, 409],
    ['business_rule', status.FAILED_PRECONDITION, 422],
    ['rate_limited', status.RESOURCE_EXHAUSTED, 429],
  ];

  it.each(table)('%s → gRPC %i → HTTP %i, keeping the message', (code, grpcStatus, httpStatus) => {
    const error = new DomainError(code, `message for ${code}`);
    const grpcError = toGrpcError(error);
    expect(grpcError.code).toBe(grpcStatus);
    expect(grpcError.details).toBe(`message for ${code}`);

    expect(toHttpError(serviceErrorOf(error))).toEqual({
      status: httpStatus,
      body: { message: `message for ${code}` },
    });
    // The gateway may also see a DomainError of its own (e.g. its input validation).
    expect(toHttpError(error)).toEqual({ status: httpStatus, body: { message: `message for ${code}` } });
  });

  it('has a helper per code', () => {
    const made = [
      invalid('a'),
      unauthenticated('b'),
      forbidden('c'),
      notFound('d'),
      conflict('e'),
      businessRule('f'),
      rateLimited('g'),
    ];
    expect(made.map((e) => e.code)).toEqual(table.map(([code]) => code));
    for (const error of made) expect(error).toBeInstanceOf(DomainError);
  });
});

describe('error details', () => {
  it('carries details in metadata and merges them into the HTTP body', () => {
    const error = businessRule('Not enough coins', { remainingCoins: 120, required: 500 });
    const grpcError = toGrpcError(error);
    expect(JSON.parse(String(grpcError.metadata.get(ERROR_DETAILS_KEY)[0]))).toEqual({
      remainingCoins: 120,
      required: 500,
    });
    expect(toHttpError(serviceErrorOf(error))).toEqual({
      status: 422,
      body: { message: 'Not enough coins', remainingCoins: 120, required: 500 },
    });
  });

  it('never lets a detail replace the message', () => {
    const error = conflict('Username taken', { message: 'something else' });
    expect(toHttpError(serviceErrorOf(error)).body.message).toBe('Username taken');
    expect(toHttpError(error).body.message).toBe('Username taken');
  });

  it('sends no details header when there are none', () => {
    expect(toGrpcError(notFound('No such card')).metadata.get(ERROR_DETAILS_KEY)).toEqual([]);
  });

  it('carries non-ASCII details (gRPC metadata only allows printable ASCII)', () => {
    const details = { suggestion: 'José_Müller', note: 'línea\nnueva', emoji: '⚽🏆' };
    const error = conflict('Username taken', details);
    const header = toGrpcError(error).metadata.get(ERROR_DETAILS_KEY)[0];
    expect(header).toMatch(/^[ -~]*$/);
    expect(toHttpError(serviceErrorOf(error)).body).toEqual({ message: 'Username taken', ...details });
  });

  it('ignores details that are not JSON', () => {
    const metadata = new Metadata();
    metadata.set(ERROR_DETAILS_KEY, '{not json');
    expect(toHttpError(rawServiceError(status.NOT_FOUND, 'No such card', metadata))).toEqual({
      status: 404,
      body: { message: 'No such card' },
    });
  });
});

describe('errors that are not domain errors', () => {
  it('answers UNIMPLEMENTED as 501', () => {
    const http = toHttpError(rawServiceError(status.UNIMPLEMENTED, 'GetTop is not implemented yet'));
    expect(http.status).toBe(501);
    expect(http.body).toEqual({ message: 'This feature is not available yet' });
  });

  it.each([
    [status.UNAVAILABLE, 503],
    [status.DEADLINE_EXCEEDED, 504],
    [status.ABORTED, 409],
  ])('answers gRPC %i as HTTP %i', (code, httpStatus) => {
    expect(toHttpError(rawServiceError(code, 'whatever')).status).toBe(httpStatus);
  });

  // Found by `npm run chaos`: the admin service listed cash-outs while the wallet was paused, its call
  // to the wallet failed with a bare DEADLINE_EXCEEDED and the gateway answered 500.
  it.each([
    [status.UNAVAILABLE, 503],
    [status.CANCELLED, 503],
    [status.DEADLINE_EXCEEDED, 504],
  ])(
    "passes a peer's transport failure (gRPC %i) on through a service as HTTP %i, not 500",
    (code, httpStatus) => {
      const fromPeer = rawServiceError(code, 'Deadline exceeded after 5.001s');
      const answer = toHttpError(serviceErrorOf(fromPeer));
      expect(answer.status).toBe(httpStatus);
      expect(answer.headers).toEqual({ 'Retry-After': '2' });
      expect(answer.body.message).not.toContain('Deadline');
    },
  );

  it("still answers INTERNAL for a peer's INTERNAL passed through a service", () => {
    const fromPeer = rawServiceError(status.INTERNAL, 'relation "wallet.entries" does not exist');
    expect(toHttpError(serviceErrorOf(fromPeer))).toEqual({
      status: 500,
      body: { message: INTERNAL_MESSAGE },
    });
  });

  it('turns an unexpected error into INTERNAL with the generic message and nothing else', () => {
    const error = new Error('duplicate key value violates unique constraint "users_pkey" (password_hash)');
    const grpcError = toGrpcError(error);
    expect(grpcError.code).toBe(status.INTERNAL);
    expect(grpcError.details).toBe(INTERNAL_MESSAGE);
    expect(grpcError.metadata.getMap()).toEqual({});

    expect(toHttpError(error)).toEqual({ status: 500, body: { message: INTERNAL_MESSAGE } });
    expect(toHttpError(serviceErrorOf(error))).toEqual({ status: 500, body: { message: INTERNAL_MESSAGE } });
  });

  it('answers 503 with Retry-After when Postgres cannot serve now, and 500 for other database errors', () => {
    /** A pg error as node-postgres rejects with it: the server's SQLSTATE in `code`. */
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    for (const error of [
      pgError('53300', 'sorry, too many clients already'),
      pgError('53300', 'remaining connection slots are reserved for non-replication superuser connections'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
    ]) {
      const answer = toHttpError(serviceErrorOf(error));
      expect(answer.status, error.message).toBe(503);
      expect(Number(answer.headers?.['Retry-After'])).toBeGreaterThan(0);
      expect(answer.body.message).not.toMatch(/clients|connection|pool/i);
    }
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint "users_pkey"'),
      pgError('42P01', 'relation "wallet.entries" does not exist'),
    ])
      expect(toHttpError(serviceErrorOf(error)).status).toBe(500);
  });

  it('does not pass on the text of an INTERNAL or unknown status', () => {
    for (const code of [status.INTERNAL, status.UNKNOWN, status.DATA_LOSS]) {
      const http = toHttpError(rawServiceError(code, 'relation "wallet.entries" does not exist'));
      expect(http).toEqual({ status: 500, body: { message: INTERNAL_MESSAGE } });
    }
  });

  it.each([undefined, null, 'a string', 42, { code: 'ECONNREFUSED' }])(
    'answers 500 for a thrown %j',
    (thrown) => {
      expect(toHttpError(thrown)).toEqual({ status: 500, body: { message: INTERNAL_MESSAGE } });
    },
  );

  it('recognises service errors by shape', () => {
    expect(isServiceError(rawServiceError(status.NOT_FOUND, 'x'))).toBe(true);
    expect(isServiceError(new Error('x'))).toBe(false);
    expect(isServiceError(null)).toBe(false);
  });
});
