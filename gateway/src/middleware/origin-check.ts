import type { RequestHandler } from 'express';
import { localPortOf, type HostPolicy } from './allowed-hosts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request that a browser says
 * comes from another site is refused. Requests without Origin (curl, server-to-server) pass. The
 * Origin is compared with the deployment's own origins, never with the Host header: a page on a
 * rebound name sends the same name as both.
 */
export function originCheck(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const ours =
      origin !== undefined &&
      origin !== 'null' &&
      policy.allowsOrigin(origin, localPortOf(req), req.headers.host);
    if ((origin && !ours) || (!origin && fetchSite === 'cross-site')) {
      res.status(403).json({ message: 'Cross-site request refused' });
      return;
    }
    next();
  };
}
