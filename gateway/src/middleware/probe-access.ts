import type { RequestHandler } from 'express';

/** Headers a reverse proxy adds to what it forwards (ingress-nginx sets the first and the last). */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * With a trusted proxy in front (TRUST_PROXY > 0, Kubernetes), /healthz and /readyz are for the
 * kubelet, which calls the pod's address directly. The Ingress sends every path to the gateway (the
 * web app owns them all), so a probe it forwarded is answered as an unknown path: the public never
 * sees the state of the upstreams. Without a proxy (embedded, stack) the probes stay public and
 * count like any anonymous call.
 */
export function probesFromPodNetworkOnly(trustProxy: number): RequestHandler {
  return (req, res, next) => {
    if (trustProxy > 0 && FORWARDED.some((name) => req.headers[name] !== undefined)) {
      res.status(404).json({ message: `Not found: ${req.path}` });
      return;
    }
    next();
  };
}
