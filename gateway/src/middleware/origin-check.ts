import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request that a browser says
 * comes from another site is refused. Requests without Origin (curl, server-to-server) pass.
 */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    let sameHost = false;
    if (origin && origin !== 'null') {
      try {
        sameHost = new URL(origin).host === req.get('host') || allowed.has(new URL(origin).origin);
      } catch {
        sameHost = false;
      }
    }
    if ((origin && !sameHost) || (!origin && fetchSite === 'cross-site')) {
      res.status(403).json({ message: 'Cross-site request refused' });
      return;
    }
    next();
  };
}
