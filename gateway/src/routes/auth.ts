import { api } from '@touchline/contract';
import { DomainError, fromGrpcError, isServiceError } from '@touchline/kit';
import type { Clients } from '../clients';
import { withParts } from '../compose/user';
import type { DeviceCookies } from '../device-cookies';
import { ContractRouter } from '../http/contract-router';
import { RULES, type RateLimits } from '../middleware/rate-limit';
import { clearSessionCookie, setSessionCookie, type CookieSettings, type SessionVerifier } from '../session';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset the password. Check your inbox.';

/**
 * Sign-up and sign-in hash or check a password with scrypt, slow by design and queued behind other
 * hashes on a busy machine: longer than a plain call, as a buy is. At the default 5 s, sign-ups on a
 * loaded two-core machine answered 504 while their accounts were still being made.
 */
const PASSWORD_CALL_TIMEOUT_MS = 15_000;

export const ADMIN_CONFIRMED =
  'Your address is confirmed and your new password is set: sign in with it to use your admin rights.';

export interface AuthRouteDeps {
  clients: Clients;
  limits: RateLimits;
  devices: DeviceCookies;
  verifier: SessionVerifier;
  cookie: CookieSettings;
  publicUrl: string;
  /** Where a banned player writes to appeal: the sign-in refusal names it (issue 43, item 7). */
  appealEmail: string;
}

/** identity's refusal of a banned account ('Your account is suspended…'), with where to appeal added. */
function withAppeal(thrown: unknown, appealEmail: string): unknown {
  // The identity client hands over the gRPC failure; read it as the DomainError it stands for.
  const refused =
    thrown instanceof DomainError ? thrown : isServiceError(thrown) ? fromGrpcError(thrown) : undefined;
  if (refused?.code !== 'forbidden' || !refused.message.startsWith('Your account is suspended'))
    return thrown;
  return new DomainError('forbidden', refused.message, { ...refused.details, appealEmail });
}

/**
 * Sign-up, sign-in, sign-out, password reset and the admin address confirmation: the only /api calls
 * that need no session.
 */
export function authRoutes({
  clients,
  limits,
  devices,
  verifier,
  cookie,
  publicUrl,
  appealEmail,
}: AuthRouteDeps) {
  const { identity } = clients;
  const adminVerifyUrlBase = `${publicUrl}/auth`;
  return new ContractRouter()
    .add(
      api.auth.register,
      async ({ body, idempotencyKey, res }) => {
        const session = await identity.Register(
          { ...body, idempotencyKey, adminVerifyUrlBase },
          { timeoutMs: PASSWORD_CALL_TIMEOUT_MS },
        );
        setSessionCookie(res, session, cookie);
        // Without its device cookie the client only shares the per-account allowance: never worth a failure.
        await devices.issue(res, body.email).catch(() => undefined);
        return { status: 201, body: await withParts(clients, session.user!) };
      },
      { before: [limits.middleware(RULES.register)] },
    )
    .add(
      api.auth.login,
      async ({ body, req, res }) => {
        const session = await identity
          .Login({ ...body, adminVerifyUrlBase }, { timeoutMs: PASSWORD_CALL_TIMEOUT_MS })
          .catch((thrown: unknown) => {
            throw withAppeal(thrown, appealEmail);
          });
        // The sign-in stands even if the store cannot refund its point: the count only stays cautious.
        await limits.forgive(RULES.login, req).catch(() => undefined);
        setSessionCookie(res, session, cookie);
        await devices.issue(res, body.email, req.loginDevice).catch(() => undefined);
        return { status: 200, body: await withParts(clients, session.user!) };
      },
      { before: [devices.recognise, limits.middleware(RULES.login)] },
    )
    .add(api.auth.logout, async ({ req, res }) => {
      if (req.session) {
        await identity.Logout({ sessionId: req.session.sessionId });
        await verifier.revoke(req.session.sessionId);
      }
      clearSessionCookie(res, cookie);
      return { status: 200, body: { success: true, message: 'You have been logged out successfully' } };
    })
    .add(
      api.auth.forgotPassword,
      async ({ body }) => {
        await identity.RequestPasswordReset({ email: body.email, resetUrlBase: `${publicUrl}/auth` });
        return { status: 200, body: { success: true, message: FORGOT_PASSWORD_MESSAGE } };
      },
      { before: [limits.middleware(RULES.passwordReset)] },
    )
    .add(
      api.auth.resetPassword,
      async ({ body }) => {
        const { revokedSessionIds } = await identity.ResetPassword({
          token: body.token,
          newPassword: body.password,
        });
        // Whoever knew the old password is signed out now, not when their token expires.
        await Promise.all(revokedSessionIds.map((id) => verifier.revoke(id)));
        return {
          status: 200,
          body: { success: true, message: 'Your password has been updated. You can sign in with it now.' },
        };
      },
      { before: [limits.middleware(RULES.resetConfirm)] },
    )
    .add(
      api.auth.verifyAdmin,
      async ({ body, req, res }) => {
        const { revokedSessionIds } = await identity.ConfirmAdminEmail({
          token: body.token,
          newPassword: body.password,
        });
        // Whoever registered the address before its owner is signed out now, not when the token expires.
        await Promise.all(revokedSessionIds.map((id) => verifier.revoke(id)));
        if (req.session && revokedSessionIds.includes(req.session.sessionId)) clearSessionCookie(res, cookie);
        return { status: 200, body: { success: true, message: ADMIN_CONFIRMED } };
      },
      { before: [limits.middleware(RULES.adminVerify)] },
    ).router;
}
