import type { RequestHandler } from 'express';
import { runWithContext } from '@touchline/kit';
import type { Session, SessionVerifier } from '../session';
import { requestContext } from './request-budget';

declare module 'express-serve-static-core' {
  interface Request {
    session?: Session;
    requestId: string;
  }
}

/** Attaches req.session when the cookie holds a valid session; never rejects by itself. */
export function loadSession(verifier: SessionVerifier): RequestHandler {
  return async (req, res, next) => {
    try {
      req.session = await verifier.authenticate(req, res);
      runWithContext(requestContext(req), next);
    } catch (error) {
      next(error);
    }
  };
}

export const NOT_SIGNED_IN = 'Not signed in';

export const requireSession: RequestHandler = (req, res, next) => {
  if (!req.session) {
    res.status(401).json({ message: NOT_SIGNED_IN });
    return;
  }
  next();
};

export const requireAdmin: RequestHandler = (req, res, next) => {
  if (!req.session) {
    res.status(401).json({ message: NOT_SIGNED_IN });
    return;
  }
  if (!req.session.isAdmin) {
    res.status(403).json({ message: 'Admins only' });
    return;
  }
  next();
};
