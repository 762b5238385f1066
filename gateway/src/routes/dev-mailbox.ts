import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Router, type Request } from 'express';
import { devMailbox } from '@touchline/kit';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const STYLE =
  'body{font-family:system-ui;background:#0f172a;color:#e2e8f0;max-width:720px;margin:auto;padding:1rem}article{background:#1e293b;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#34d399}.meta{color:#94a3b8;font-size:.85rem}';
/** The page's own policy: its one inline stylesheet (by hash), nothing else. */
const MAILBOX_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * A request from this machine itself: the TCP peer is loopback and no proxy says it forwards someone
 * else (a local reverse proxy would make every visitor look like loopback).
 */
export function isLoopbackRequest(req: Request): boolean {
  return (
    isLoopbackAddress(req.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => req.get(h) === undefined)
  );
}

/**
 * Embedded mode only (never mounted otherwise): the e-mails the app would have sent (reset and
 * admin-verification links). They are keys to accounts, so only this machine may read them; anyone
 * else gets the plain 404 of an unknown page.
 */
export function devMailboxRoutes(): Router {
  const router = Router();
  router.get('/dev/mailbox', (req, res, next) => {
    if (!isLoopbackRequest(req)) return next();
    res.set('Cache-Control', 'no-store');
    res.set('Content-Security-Policy', MAILBOX_CSP);
    const mails = devMailbox.list();
    if (req.query.format === 'json') {
      res.json(mails);
      return;
    }
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to)} · ${m.sentAt.toISOString()}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox · Touchline</title>
<style>${STYLE}</style></head>
<body><h1>Dev mailbox</h1><p class="meta">E-mails sent by this embedded Touchline, newest first. Set SMTP_URL to send real e-mail.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`);
  });
  return router;
}
