import { DomainError, forbidden, invalid, unauthenticated } from '@touchline/kit';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import type { AdminDeps } from './deps';

export const ADMINS_ONLY = 'Admins only';

/**
 * The caller, read from identity on every call: a flag sent by the caller is never trusted, and an
 * admin who was banned or demoted a moment ago is refused at once.
 */
export async function requireAdmin(deps: AdminDeps, userId: number): Promise<User> {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw unauthenticated('Not signed in');
  let user: User;
  try {
    user = await deps.identity.GetUser({ userId });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw forbidden(ADMINS_ONLY);
    throw error;
  }
  if (!user.isAdmin || user.banned) throw forbidden(ADMINS_ONLY);
  return user;
}

/** Every admin action carries the key its retries repeat (the audit entry and the peers' writes use it). */
export function requireKey(key: string): string {
  if (!key) throw invalid('idempotency_key is required');
  if (key.length > 200) throw invalid('idempotency_key is longer than 200 characters');
  return key;
}
