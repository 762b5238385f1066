import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  livemode: boolean;
  capture_method?: string;
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string;
  form: URLSearchParams;
}

/**
 * A tiny Stripe-shaped HTTP server at the network edge: just the PaymentIntent endpoints the wallet
 * calls (create, retrieve, capture, cancel), answering like api.stripe.com so the real SDK runs unmodified against it.
 */
export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  succeed(id: string): void;
  /** What Stripe.js's confirmPayment does to a manual-capture intent with a good card. */
  authorize(id: string): void;
  /** A payment_intent.succeeded event (or `type`) for the intent, signed with `secret`, as Stripe posts it. */
  signedEvent(
    id: string,
    secret: string,
    eventId?: string,
    type?: string,
  ): { payload: Buffer; signature: string };
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Stripe's form encoding: metadata[userId]=1 → { metadata: { userId: '1' } } (one level is enough here). */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];

export async function startStripeFake(secretKey: string): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const requests: RecordedRequest[] = [];
  let next = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const form = new URLSearchParams(await bodyOf(req));
      const path = (req.url ?? '').split('?')[0]!;
      const recorded = {
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization ?? '',
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        form,
      };
      requests.push(recorded);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_fake_${requests.length}`,
        });
        res.end(JSON.stringify(body));
      };
      if (recorded.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const earlier = byIdempotencyKey.get(recorded.idempotencyKey);
        if (earlier) return send(200, earlier);
        const id = `pi_fake${++next}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          livemode: false,
          capture_method: form.get('capture_method') ?? 'automatic',
          metadata: metadataOf(form),
        };
        intents.set(id, intent);
        if (recorded.idempotencyKey) byIdempotencyKey.set(recorded.idempotencyKey, intent);
        return send(200, intent);
      }
      const action = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
      if (req.method === 'POST' && action) {
        const intent = intents.get(decodeURIComponent(action[1]!));
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        // Stripe's rules: only an authorized intent is captured; a charged one cannot be cancelled.
        const [from, to] =
          action[2] === 'capture' ? [['requires_capture'], 'succeeded'] : [CANCELABLE, 'canceled'];
        if (intent.status !== to) {
          if (!from.includes(intent.status))
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `This PaymentIntent's status is ${intent.status}`,
              },
            });
          intent.status = to;
        }
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1]!));
        if (intent) return send(200, intent);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${match[1]}'`,
          },
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_signing_only');

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    succeed(id) {
      intents.get(id)!.status = 'succeeded';
    },
    authorize(id) {
      const intent = intents.get(id)!;
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    },
    signedEvent(id, secret, eventId = `evt_fake_${++next}`, type = 'payment_intent.succeeded') {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: intents.get(id) },
      });
      return {
        payload: Buffer.from(payload),
        signature: signer.webhooks.generateTestHeaderString({ payload, secret }),
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
