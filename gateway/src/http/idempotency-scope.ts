import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { RouteDef } from '@touchline/contract';
import type { IdempotencyScope } from '@touchline/kit';

/**
 * Fields left out of the fingerprint: it is stored as a plain hash, and a hash of a password is a
 * password to whoever reads the table. Identity checks a retried sign-up's password itself.
 */
const SECRET_FIELD = /password/i;

/**
 * Whose the request's Idempotency-Key is and what it came with, for the service that stores the
 * outcome (kit's grpc/scoped-keys.ts): the signed-in user (or nobody, for sign-up) and the route, and
 * a hash of the validated path, query and body. The key of another user or route is another key;
 * the same key with another request is refused. Undefined when the route is not idempotent or the
 * client sent no key (a fresh key is then used once).
 */
export function idempotencyScope(
  route: RouteDef,
  req: Request,
  input: { params: unknown; query: unknown; body: unknown },
): IdempotencyScope | undefined {
  if (!route.idempotent || !req.get('idempotency-key')) return undefined;
  // Sign-up's key is nobody's: the session a first try set must not make its retry another scope.
  const caller = route.auth === 'session' ? req.session!.userId : 'anonymous';
  // Validated input: the schemas' own key order and defaults, so equal requests hash equal.
  const canonical = JSON.stringify(input, (name, value: unknown) =>
    SECRET_FIELD.test(name) ? undefined : value,
  );
  return {
    scope: `${caller} ${route.method.toUpperCase()} ${route.path}`,
    fingerprint: createHash('sha256').update(canonical).digest('base64url'),
  };
}
