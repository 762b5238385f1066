import { addDays } from 'date-fns/addDays';
import { unauthenticated, forbidden } from '@touchline/kit';
import type { SessionResponse } from '@touchline/protos/gen/touchline/identity/SessionResponse';
import { findSession, insertSession, revokeSession } from '../db/sessions';
import { findUserById } from '../db/users';
import { toUserMessage, type UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';

export const BANNED_MESSAGE = 'This account has been banned';

async function tokenFor(
  deps: IdentityDeps,
  user: UserRow,
  sessionId: string,
  sessionExpiresAt: Date,
): Promise<SessionResponse> {
  const { token, expiresAt } = await deps.signer.sign(
    { userId: user.id, sessionId, isAdmin: user.is_admin },
    deps.clock.now(),
    deps.config.SESSION_TOKEN_TTL_SECONDS,
  );
  return {
    user: toUserMessage(user, deps.clock.now()),
    token,
    sessionId,
    expiresAt: expiresAt.toISOString(),
    sessionExpiresAt: sessionExpiresAt.toISOString(),
  };
}

/** A new session (after sign-up or sign-in) and its first token. */
export async function openSession(deps: IdentityDeps, user: UserRow): Promise<SessionResponse> {
  const now = deps.clock.now();
  const id = deps.random.uuid();
  const expiresAt = addDays(now, deps.config.SESSION_TTL_DAYS);
  await insertSession(deps.db, { id, user_id: user.id, created_at: now, expires_at: expiresAt });
  return tokenFor(deps, user, id, expiresAt);
}

/** A fresh short-lived token for a session that is still open and whose user may still sign in. */
export async function refreshSession(deps: IdentityDeps, sessionId: string): Promise<SessionResponse> {
  const session = await findSession(deps.db, sessionId);
  const now = deps.clock.now();
  if (!session || session.revoked_at || session.expires_at <= now) throw unauthenticated('Session expired');
  const user = await findUserById(deps.db, session.user_id);
  if (!user) throw unauthenticated('Session expired');
  if (user.banned) {
    await revokeSession(deps.db, sessionId, now);
    throw forbidden(BANNED_MESSAGE);
  }
  return tokenFor(deps, user, session.id, session.expires_at);
}

export async function logout(deps: IdentityDeps, sessionId: string): Promise<{ ok: boolean }> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
  return { ok: true };
}
