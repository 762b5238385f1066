import { createHash } from 'node:crypto';
import { addMinutes } from 'date-fns/addMinutes';
import { inTransaction, invalid, notFound, type Db } from '@touchline/kit';
import type { ConfirmAdminEmailRequest__Output } from '@touchline/protos/gen/touchline/identity/ConfirmAdminEmailRequest';
import type { User } from '@touchline/protos/gen/touchline/identity/User';
import {
  consumeAdminVerification,
  hasLiveAdminVerification,
  insertAdminVerification,
} from '../db/admin-verifications';
import { revokeSessionsOfUser } from '../db/sessions';
import { findUserByEmail, makeAdminIfEmail, updateUser } from '../db/users';
import { normalizeEmail } from '../domain/email';
import { hashPassword, passwordProblem } from '../domain/password';
import type { UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';
import { getUser } from './users';

export const ADMIN_LINK_INVALID = 'This verification link is invalid or has expired';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * An ADMIN_EMAILS address becomes admin only once its owner proves they read that mailbox: on
 * sign-up or sign-in it is e-mailed a single-use link (only its hash is kept). Nothing is sent when
 * the account is admin already or a link sent earlier still works. Failing to send never fails the
 * sign-in: the next one tries again.
 */
export async function offerAdminVerification(
  deps: IdentityDeps,
  user: UserRow,
  urlBase: string,
): Promise<void> {
  if (user.is_admin || !deps.adminEmails.has(user.email) || !urlBase) return;
  const now = deps.clock.now();
  try {
    if (await hasLiveAdminVerification(deps.db, user.id, now)) return;
    const token = deps.random.bytes(32).toString('base64url');
    const ttl = deps.config.ADMIN_VERIFICATION_TTL_MINUTES;
    await insertAdminVerification(deps.db, {
      token_hash: sha256(token),
      user_id: user.id,
      email: user.email,
      created_at: now,
      expires_at: addMinutes(now, ttl),
    });
    const link = `${urlBase}?verify-admin=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: user.email,
      subject: 'Confirm your Touchline admin address',
      text: [
        `Hi ${user.username},`,
        '',
        'This address is configured as an administrator of Touchline. To receive admin rights,',
        `confirm that it is yours by opening this link within ${ttl} minutes and choosing a new`,
        'password for the account (every session of the account is then signed out):',
        link,
        '',
        'If you did not sign up for Touchline, someone else used your address: the link makes the',
        'account yours.',
      ].join('\n'),
      html: `<p>Hi ${user.username},</p><p>This address is configured as an administrator of Touchline. To receive admin rights, confirm that it is yours by opening this link within ${ttl} minutes and choosing a new password for the account (every session of the account is then signed out):</p><p><a href="${link}">${link}</a></p><p>If you did not sign up for Touchline, someone else used your address: the link makes the account yours.</p>`,
    });
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'admin verification e-mail not sent');
  }
}

/**
 * Follows the link: the address is proven, and still listed in ADMIN_EMAILS, so the account is admin.
 * Proving the mailbox is not proving the account: whoever registered the address first (perhaps not
 * its owner) chose its password and may be signed in. So the same step sets the password the link's
 * follower chose and closes every session of the account, as a reset does.
 */
export async function confirmAdminEmail(
  deps: IdentityDeps,
  request: ConfirmAdminEmailRequest__Output,
): Promise<{ user: User; revokedSessionIds: string[] }> {
  if (!request.token) throw invalid(ADMIN_LINK_INVALID);
  const problem = passwordProblem(request.newPassword);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(request.newPassword, deps.random.bytes(16));
  const now = deps.clock.now();
  const { userId, revokedSessionIds } = await inTransaction(deps.db, async (trx) => {
    const link = await consumeAdminVerification(trx, sha256(request.token), now);
    if (!link || !deps.adminEmails.has(link.email)) throw invalid(ADMIN_LINK_INVALID);
    if (!(await makeAdminIfEmail(trx, link.user_id, link.email, passwordHash))) {
      throw invalid(ADMIN_LINK_INVALID);
    }
    return { userId: link.user_id, revokedSessionIds: await revokeSessionsOfUser(trx, link.user_id, now) };
  });
  return { user: await getUser(deps, userId), revokedSessionIds };
}

/**
 * The operator's way (`npm run admin:grant`): makes an existing account admin. It takes the
 * database, not the service, so it works whether or not the service runs.
 */
export async function grantAdmin(db: Db, rawEmail: string): Promise<UserRow> {
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound(`No account with the e-mail ${email}`);
  return (await updateUser(db, user.id, { is_admin: true }))!;
}
