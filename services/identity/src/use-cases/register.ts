import { conflict, inTransaction, invalid } from '@touchline/kit';
import type { RegisterRequest__Output } from '@touchline/protos/gen/touchline/identity/RegisterRequest';
import type { SessionResponse } from '@touchline/protos/gen/touchline/identity/SessionResponse';
import {
  findUserByEmail,
  findUserByRegistrationKey,
  insertUser,
  isUniqueViolation,
  lockUsernameBase,
  usernamesLike,
} from '../db/users';
import { isEmail, normalizeEmail } from '../domain/email';
import { hashPassword, passwordProblem, verifyPassword } from '../domain/password';
import { firstFreeUsername, usernameBase } from '../domain/username';
import type { UserRow } from '../domain/user';
import { offerAdminVerification } from './admin-email';
import { openSession } from './sessions';
import type { IdentityDeps } from './deps';

export const EMAIL_TAKEN = 'Email already registered';
const KEY_REUSED = 'Idempotency key was used for another registration';

/**
 * The account exists: a retry of the sign-up that made it (same idempotency key and password)
 * signs into it; anything else is a duplicate. The key alone is no credential.
 */
async function signInRetry(
  deps: IdentityDeps,
  user: UserRow,
  key: string | undefined,
  password: string,
): Promise<SessionResponse> {
  const retried =
    key !== undefined &&
    user.registration_key === key &&
    (await verifyPassword(password, user.password_hash));
  if (!retried) throw conflict(EMAIL_TAKEN);
  return openSession(deps, user);
}

/**
 * Sign-up: a unique username from the e-mail's local part, a scrypt hash, a verification link for
 * an ADMIN_EMAILS address, and `identity.user.registered` in the same transaction (starter pack and welcome
 * coins hang off that event). Retrying with the same idempotency key signs into the account it made.
 */
export async function register(
  deps: IdentityDeps,
  request: RegisterRequest__Output,
): Promise<SessionResponse> {
  const email = normalizeEmail(request.email);
  if (!isEmail(email)) throw invalid('Please enter a valid email address');
  const problem = passwordProblem(request.password);
  if (problem) throw invalid(problem);
  const key = request.idempotencyKey || undefined;

  const earlier = key ? await findUserByRegistrationKey(deps.db, key) : undefined;
  if (earlier && earlier.email !== email) throw conflict(KEY_REUSED);
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return signInRetry(deps, existing, key, request.password);

  const passwordHash = await hashPassword(request.password, deps.random.bytes(16));
  const base = usernameBase(email);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const user = await inTransaction(deps.db, async (trx) => {
        await lockUsernameBase(trx, base);
        const username = firstFreeUsername(base, await usernamesLike(trx, base));
        // One instant for both: a sign-in after this one is what makes the user a returning one.
        const now = deps.clock.now();
        const row = await insertUser(trx, {
          email,
          username,
          password_hash: passwordHash,
          // ADMIN_EMAILS alone proves nothing: the address must follow the e-mailed link first.
          is_admin: false,
          registration_key: key ?? null,
          created_at: now,
          last_login_at: now,
        });
        await deps.outbox.add(trx, 'identity.user.registered', String(row.id), {
          userId: row.id,
          username: row.username,
          registeredAt: row.created_at.toISOString(),
        });
        return row;
      });
      await offerAdminVerification(deps, user, request.adminVerifyUrlBase);
      return openSession(deps, user);
    } catch (error) {
      if (isUniqueViolation(error, 'email') || isUniqueViolation(error, 'registration_key')) {
        // A concurrent sign-up committed first: if it was this one (retried), sign into its account.
        const existing = await findUserByEmail(deps.db, email);
        if (existing) return signInRetry(deps, existing, key, request.password);
        throw conflict(KEY_REUSED);
      }
      if (!isUniqueViolation(error, 'username')) throw error;
      // Someone took the same username a moment ago: pick again.
    }
  }
  throw conflict('Could not find a free username, please try again');
}
