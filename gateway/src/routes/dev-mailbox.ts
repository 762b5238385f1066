import { Router } from 'express';
import { devMailbox } from '@touchline/kit';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Embedded mode only: the e-mails the app would have sent (password reset links). */
export function devMailboxRoutes(): Router {
  const router = Router();
  router.get('/dev/mailbox', (req, res) => {
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
<style>body{font-family:system-ui;background:#0f172a;color:#e2e8f0;max-width:720px;margin:auto;padding:1rem}article{background:#1e293b;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#34d399}.meta{color:#94a3b8;font-size:.85rem}</style></head>
<body><h1>Dev mailbox</h1><p class="meta">E-mails sent by this embedded Touchline, newest first. Set SMTP_URL to send real e-mail.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`);
  });
  return router;
}
