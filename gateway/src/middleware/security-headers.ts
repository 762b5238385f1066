import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Embedded mode runs on plain http://localhost: no HSTS there. */
  embedded: boolean;
  /** Payments through Stripe: Stripe.js is loaded from js.stripe.com and talks to api.stripe.com. */
  stripe: boolean;
  /** `npm run dev`: Vite's dev page runs an inline preamble and keeps a websocket for hot reload. */
  devServer: boolean;
}

/** What Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The Content-Security-Policy directives of every answer. */
export function cspDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const stripe = options.stripe;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrc: [
      "'self'",
      ...(stripe ? STRIPE.script : []),
      ...(options.devServer ? ["'unsafe-inline'"] : []),
    ],
    // Libraries of the page add <style> elements at run time (sonner's toasts, the price chart, Radix
    // dialogs' scroll lock, with computed values no hash can name). CSS cannot run script, and
    // script-src stays 'self': the policy's guard against injected script is intact.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(stripe ? STRIPE.connect : []), ...(options.devServer ? ['ws:', 'wss:'] : [])],
    frameSrc: stripe ? STRIPE.frame : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
  };
}

/**
 * Security headers on every answer (docs/design.md#6-security): CSP, frame-ancestors 'none' and
 * X-Frame-Options DENY against clickjacking, nosniff, and a referrer policy that never sends a page's
 * address (reset links carry a token in it) to another site.
 *
 * helmet builds them, once: nothing in them depends on the request (no nonce, no per-request
 * directive), and helmet rebuilt the CSP text for every answer (issue 41: 2% of a 304's CPU).
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
      frameguard: { action: 'deny' },
      noSniff: true,
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: options.embedded ? false : { maxAge: 31_536_000, includeSubDomains: true },
      // Stripe's 3-D Secure may open a window of its own.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The headers `middleware` sets, run once against a response that only records them. */
function helmetHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let ran = false;
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    ran = true;
  });
  if (!ran) throw new Error('helmet did not set its headers at once');
  return headers;
}

/**
 * Headers of securityHeaders that govern a document (what it may load, frame, open or send as a
 * referrer). An answer that never becomes one (the live event stream: nosniff keeps a browser from
 * sniffing it into one) may drop them; a stream holds its head for hours, and these are most of it.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
