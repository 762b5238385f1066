import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients';
import { userJson } from '../compose/user';
import { route } from '../middleware/errors';
import { idempotencyKey } from '../middleware/params';
import { RULES, type RateLimits } from '../middleware/rate-limit';
import { validateBody } from '../middleware/validate';
import { clearSessionCookie, setSessionCookie, type CookieSettings, type SessionVerifier } from '../session';

const email = z.email({ error: 'Please enter a valid email address' }).max(254);
const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128);
const credentials = z.strictObject({ email, password });

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset the password. Check your inbox.';

export interface AuthRouteDeps {
  clients: Clients;
  limits: RateLimits;
  verifier: SessionVerifier;
  cookie: CookieSettings;
  publicUrl: string;
}

/** Sign-up, sign-in, sign-out and password reset: the only /api calls that need no session. */
export function authRoutes({ clients, limits, verifier, cookie, publicUrl }: AuthRouteDeps): Router {
  const router = Router();

  router.post(
    '/register',
    validateBody(credentials),
    limits.middleware(RULES.register),
    route(async (req, res) => {
      const body = req.body as z.output<typeof credentials>;
      const session = await clients.identity.Register({ ...body, idempotencyKey: idempotencyKey(req) });
      setSessionCookie(res, session, cookie);
      res.status(201).json(userJson(session.user!));
    }),
  );

  router.post(
    '/login',
    validateBody(credentials),
    limits.middleware(RULES.login),
    route(async (req, res) => {
      const session = await clients.identity.Login(req.body as z.output<typeof credentials>);
      setSessionCookie(res, session, cookie);
      res.json(userJson(session.user!));
    }),
  );

  router.post(
    '/logout',
    route(async (req, res) => {
      if (req.session) {
        await clients.identity.Logout({ sessionId: req.session.sessionId });
        await verifier.revoke(req.session.sessionId);
      }
      clearSessionCookie(res, cookie);
      res.json({ success: true, message: 'You have been logged out successfully' });
    }),
  );

  const forgot = z.strictObject({ email });
  router.post(
    '/forgot-password',
    validateBody(forgot),
    limits.middleware(RULES.passwordReset),
    route(async (req, res) => {
      const { email: address } = req.body as z.output<typeof forgot>;
      await clients.identity.RequestPasswordReset({ email: address, resetUrlBase: `${publicUrl}/auth` });
      res.json({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    }),
  );

  const reset = z.strictObject({
    token: z.string().min(1, 'Reset token is required').max(200),
    password: z.string().min(1, 'Password is required').max(128),
  });
  router.post(
    '/reset-password',
    validateBody(reset),
    limits.middleware(RULES.resetConfirm),
    route(async (req, res) => {
      const body = req.body as z.output<typeof reset>;
      const { revokedSessionIds } = await clients.identity.ResetPassword({
        token: body.token,
        newPassword: body.password,
      });
      // Whoever knew the old password is signed out now, not when their token expires.
      await Promise.all(revokedSessionIds.map((id) => verifier.revoke(id)));
      res.json({ success: true, message: 'Your password has been updated. You can sign in with it now.' });
    }),
  );

  return router;
}
