import { forbidden, inTransaction, unauthenticated } from '@touchline/kit';
import type { LoginRequest__Output } from '@touchline/protos/gen/touchline/identity/LoginRequest';
import type { SessionResponse } from '@touchline/protos/gen/touchline/identity/SessionResponse';
import { findUserByEmail, replaceOutdatedHash, updateUser } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { DUMMY_HASH, hashIsOutdated, hashPassword, verifyPassword } from '../domain/password';
import { offerAdminVerification } from './admin-email';
import { suspendedMessage } from '../domain/user';
import { openSession } from './sessions';
import type { IdentityDeps } from './deps';

/** Same message (and about the same time) whether the e-mail is unknown or the password wrong. */
export const BAD_CREDENTIALS = 'Invalid email or password';

export async function login(deps: IdentityDeps, request: LoginRequest__Output): Promise<SessionResponse> {
  const email = normalizeEmail(request.email);
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(request.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) throw unauthenticated(BAD_CREDENTIALS);
  if (user.banned) throw forbidden(suspendedMessage(user.ban_reason));
  const now = deps.clock.now();
  // The one moment the password is known: an older, weaker hash is made again with today's parameters.
  const rehashed = hashIsOutdated(user.password_hash)
    ? await hashPassword(request.password, deps.random.bytes(16))
    : undefined;
  const updated = await inTransaction(deps.db, async (trx) => {
    if (rehashed) await replaceOutdatedHash(trx, user.id, user.password_hash, rehashed);
    const row = await updateUser(trx, user.id, { last_login_at: now });
    await deps.outbox.add(trx, 'identity.user.logged_in', String(user.id), {
      userId: user.id,
      loggedInAt: now.toISOString(),
    });
    return row!;
  });
  await offerAdminVerification(deps, updated, request.adminVerifyUrlBase);
  return openSession(deps, updated);
}
