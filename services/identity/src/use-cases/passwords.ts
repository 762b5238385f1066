import { createHash } from 'node:crypto';
import { addMinutes } from 'date-fns/addMinutes';
import { inTransaction, invalid, notFound, unauthenticated } from '@touchline/kit';
import type { ChangePasswordRequest__Output } from '@touchline/protos/gen/touchline/identity/ChangePasswordRequest';
import type { RequestPasswordResetRequest__Output } from '@touchline/protos/gen/touchline/identity/RequestPasswordResetRequest';
import type { ResetPasswordRequest__Output } from '@touchline/protos/gen/touchline/identity/ResetPasswordRequest';
import { consumeResetToken, replaceResetToken } from '../db/password-resets';
import { revokeSessionsOfUser } from '../db/sessions';
import { findUserByEmail, findUserById, updateUser } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { hashPassword, passwordProblem, verifyPassword } from '../domain/password';
import type { IdentityDeps } from './deps';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A signed-in user changes the password: whoever else holds a session (perhaps with the old password)
 * is signed out at once, as after a reset; the asking session stays.
 */
export async function changePassword(
  deps: IdentityDeps,
  request: ChangePasswordRequest__Output,
): Promise<{ revokedSessionIds: string[] }> {
  const user = await findUserById(deps.db, request.userId);
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(request.currentPassword, user.password_hash))) {
    throw unauthenticated('Current password is incorrect');
  }
  const problem = passwordProblem(request.newPassword);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(request.newPassword, deps.random.bytes(16));
  const now = deps.clock.now();
  const revokedSessionIds = await inTransaction(deps.db, async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    return revokeSessionsOfUser(trx, user.id, now, request.sessionId || undefined);
  });
  return { revokedSessionIds };
}

/**
 * E-mails a single-use link. Answers the same whether or not the account exists, so the form cannot
 * be used to find out who has an account. Only the token's hash is stored.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  request: RequestPasswordResetRequest__Output,
): Promise<{ ok: boolean }> {
  const user = await findUserByEmail(deps.db, normalizeEmail(request.email));
  if (!user || user.banned) return { ok: true };
  const token = deps.random.bytes(32).toString('base64url');
  const now = deps.clock.now();
  const ttl = deps.config.PASSWORD_RESET_TTL_MINUTES;
  await replaceResetToken(deps.db, {
    token_hash: sha256(token),
    user_id: user.id,
    created_at: now,
    expires_at: addMinutes(now, ttl),
  });
  const link = `${request.resetUrlBase}?reset=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Touchline password',
    text: [
      `Hi ${user.username},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Touchline account.',
      `Open this link within ${ttl} minutes to choose a new one:`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>Hi ${user.username},</p><p>Someone (hopefully you) asked to reset the password of your Touchline account. Open this link within ${ttl} minutes to choose a new one:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
  });
  return { ok: true };
}

/** Sets the new password, burns the link and signs every session of the account out. */
export async function resetPassword(
  deps: IdentityDeps,
  request: ResetPasswordRequest__Output,
): Promise<{ revokedSessionIds: string[] }> {
  const problem = passwordProblem(request.newPassword);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(request.newPassword, deps.random.bytes(16));
  const now = deps.clock.now();
  const revokedSessionIds = await inTransaction(deps.db, async (trx) => {
    const userId = await consumeResetToken(trx, sha256(request.token), now);
    if (userId === undefined) throw invalid(RESET_LINK_INVALID);
    await updateUser(trx, userId, { password_hash: passwordHash });
    return revokeSessionsOfUser(trx, userId, now);
  });
  return { revokedSessionIds };
}
