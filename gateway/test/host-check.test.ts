import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@touchline/kit';
import { HostPolicy, UNKNOWN_HOST } from '../src/middleware/allowed-hosts';
import { originCheck } from '../src/middleware/origin-check';
import { gatewayConfigSchema } from '../src/config';
import {
  expectError,
  gatewayConfig,
  listenLocally,
  PASSWORD,
  PUBLIC_URL,
  randomIp,
  sessionCookie,
  startGatewayHarness,
  uniqueEmail,
  type GatewayHarness,
} from './support';

/**
 * Issue 29, item 1: DNS rebinding. A page on a name its author controls, rebound to 127.0.0.1, talks
 * to the app as a same-origin page: its Host and its Origin are that name, so an Origin check that
 * compares the two lets it through. It asked for a reset link, read it at /dev/mailbox, reset the
 * password and signed in. Every answer now checks Host against the deployment's own hosts.
 */
let gw: GatewayHarness;
let port: number;

beforeAll(async () => {
  gw = await startGatewayHarness();
  port = Number(new URL(gw.baseUrl).port);
});
afterAll(async () => {
  await gw?.close();
});

const resetTokenIn = (text: string) => /reset=([A-Za-z0-9_-]+)/.exec(text)?.[1];

async function victim() {
  const email = uniqueEmail('rebind.victim');
  const agent = request.agent(gw.baseUrl).set('X-Forwarded-For', randomIp());
  const res = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return { email, agent };
}

/** The attacker's page after the rebinding: loopback socket, its own name as Host and Origin. */
function rebound(name: string) {
  const host = `${name}:${port}`;
  const call = (method: 'get' | 'post', path: string) =>
    request(gw.baseUrl)
      [method](path)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('X-Forwarded-For', randomIp());
  return { get: (path: string) => call('get', path), post: (path: string) => call('post', path) };
}

describe('DNS rebinding in embedded mode (issue 29, item 1)', () => {
  it('the replay (forgot-password, the mailbox, reset-password, sign-in) gets 421 at every step', async () => {
    const { email, agent } = await victim();
    const attacker = rebound('rebind.attacker.test');

    expectError(await attacker.post('/api/forgot-password').send({ email }), 421, UNKNOWN_HOST);
    expect(devMailbox.list().some((m) => m.to === email)).toBe(false);

    // Even with a link in the mailbox (the victim asked for one), the rebound page cannot read it…
    const legit = await request(gw.baseUrl)
      .post('/api/forgot-password')
      .set('X-Forwarded-For', randomIp())
      .send({ email });
    expect(legit.status).toBe(200);
    for (const path of ['/dev/mailbox?format=json', '/dev/mailbox']) {
      const res = await attacker.get(path);
      expectError(res, 421, UNKNOWN_HOST);
      expect(res.text).not.toContain('reset=');
    }
    // … nor use it if it had it.
    const token = resetTokenIn(devMailbox.list().find((m) => m.to === email)!.text)!;
    expectError(
      await attacker.post('/api/reset-password').send({ token, password: 'the attacker now' }),
      421,
      UNKNOWN_HOST,
    );
    const signIn = await attacker.post('/api/login').send({ email, password: PASSWORD });
    expectError(signIn, 421, UNKNOWN_HOST);
    expect(sessionCookie(signIn)).toBeUndefined();

    // The victim kept the session and the password; the link still works for them.
    expect((await agent.get('/api/user')).status).toBe(200);
    const reset = await request(gw.baseUrl)
      .post('/api/reset-password')
      .set('X-Forwarded-For', randomIp())
      .send({ token, password: 'the owner chose this' });
    expect(reset.status, reset.text).toBe(200);
  });

  it('answers loopback names and the public host; 421 for any other Host', async () => {
    const hostOf = (host: string) => request(gw.baseUrl).get('/api/openapi.json').set('Host', host);
    for (const host of [
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      // Through a forwarder on this machine (a tunnel, a port-forward to another local port).
      `localhost:${port + 1}`,
      'localhost',
      new URL(PUBLIC_URL).host,
    ]) {
      expect((await hostOf(host)).status, host).toBe(200);
    }
    for (const host of [
      'rebind.attacker.test',
      `rebind.attacker.test:${port}`,
      `localhost.:${port}`,
      `localhost@rebind.attacker.test:${port}`,
      `touchline.test.rebind.attacker.test`,
      `10.0.0.8:${port}`,
      '',
    ]) {
      expectError(await hostOf(host), 421, UNKNOWN_HOST);
    }
    // X-Forwarded-Host is a header any page may set: only the Host counts.
    expectError(
      await request(gw.baseUrl)
        .get('/api/openapi.json')
        .set('Host', 'rebind.attacker.test')
        .set('X-Forwarded-Host', `localhost:${port}`),
      421,
    );
  });

  it('the pages and the mailbox are refused too; health checks, called by pod address, are not', async () => {
    const attacker = rebound('rebind.attacker.test');
    expectError(await attacker.get('/'), 421, UNKNOWN_HOST);
    expectError(await attacker.get('/market'), 421, UNKNOWN_HOST);
    expect((await request(gw.baseUrl).get('/healthz').set('Host', '10.244.1.7:8080')).status).toBe(200);
    expect((await request(gw.baseUrl).get('/readyz').set('Host', '10.244.1.7:8080')).status).toBe(503);
  });
});

describe('DNS rebinding in stack mode and Kubernetes (issue 29, item 1)', () => {
  const PUBLIC = 'touchline.example.com';
  const deployed = () => gw.appWith({ EMBEDDED: 'false', PUBLIC_URL: `https://${PUBLIC}` });

  it('the replay gets 421; the public host (as the Ingress passes it) is served', async () => {
    const app = deployed();
    const { email } = await victim();
    for (const host of ['rebind.attacker.test', 'rebind.attacker.test:8080', 'localhost:8080', '127.0.0.1']) {
      const origin = `http://${host}`;
      for (const [path, body] of [
        ['/api/forgot-password', { email }],
        ['/api/reset-password', { token: 'x', password: 'the attacker now' }],
        ['/api/login', { email, password: PASSWORD }],
      ] as const) {
        expectError(
          await request(app).post(path).set('Host', host).set('Origin', origin).send(body),
          421,
          UNKNOWN_HOST,
        );
      }
    }
    for (const host of [PUBLIC, `${PUBLIC}:443`, 'TOUCHLINE.example.com']) {
      const res = await request(app)
        .post('/api/login')
        .set('Host', host)
        .set('Origin', `https://${PUBLIC}`)
        .set('X-Forwarded-For', randomIp())
        .send({ email, password: PASSWORD });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
    }
    // The kubelet probes the pod's address.
    expect((await request(app).get('/healthz').set('Host', '10.244.1.7:8080')).status).toBe(200);
  });

  it('`npm run stack`, the benches and chaos (no PUBLIC_URL) reach it on loopback; ALLOWED_HOSTS adds names', async () => {
    const stack = gw.appWith({ EMBEDDED: 'false', PUBLIC_URL: '' });
    const listening = await listenLocally(stack);
    try {
      const at = listening.baseUrl;
      expect((await request(at).get('/api/openapi.json')).status).toBe(200);
      const localhost = at.replace('127.0.0.1', 'localhost');
      const login = await request(at)
        .post('/api/login')
        .set('Host', new URL(localhost).host)
        .set('Origin', localhost)
        .set('X-Forwarded-For', randomIp())
        .send({ email: uniqueEmail('nobody'), password: PASSWORD });
      expectError(login, 401);
      expectError(await request(at).get('/api/openapi.json').set('Host', 'rebind.attacker.test'), 421);

      // A page served through a local forwarder posts through it: its origin is its Host. A page of
      // another local app (same site for SameSite cookies) posts with its own origin to our Host.
      const forwarded = `http://localhost:${Number(new URL(at).port) + 1}`;
      const post = (host: string, origin: string) =>
        request(at)
          .post('/api/login')
          .set('Host', host)
          .set('Origin', origin)
          .set('X-Forwarded-For', randomIp())
          .send({ email: uniqueEmail('nobody'), password: PASSWORD });
      expectError(await post(new URL(forwarded).host, forwarded), 401);
      expectError(await post(new URL(localhost).host, forwarded), 403);
    } finally {
      await listening.close();
    }

    const extra = gw.appWith({
      EMBEDDED: 'false',
      PUBLIC_URL: `https://${PUBLIC}`,
      ALLOWED_HOSTS: 'www.touchline.example.com, gateway.internal:8443',
    });
    for (const host of [
      'www.touchline.example.com',
      'www.touchline.example.com:8080',
      'gateway.internal:8443',
    ])
      expect((await request(extra).get('/api/openapi.json').set('Host', host)).status, host).toBe(200);
    for (const host of ['gateway.internal', 'gateway.internal:8080', 'touchline.example.com.evil'])
      expectError(await request(extra).get('/api/openapi.json').set('Host', host), 421);
  });

  it('ALLOWED_HOSTS is validated at start-up: a wildcard or a URL is refused with its name', () => {
    expect(
      gatewayConfig({ ALLOWED_HOSTS: ' a.example ,B.example:8443,[::1]:80,touchline_gateway' }).ALLOWED_HOSTS,
    ).toEqual([
      { name: 'a.example' },
      { name: 'b.example', port: 8443 },
      { name: '[::1]', port: 80 },
      { name: 'touchline_gateway' },
    ]);
    for (const bad of ['*.example.com', 'https://a.example', 'a.example/path', 'a.example:99999']) {
      const parsed = gatewayConfigSchema.safeParse({ ALLOWED_HOSTS: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(['ALLOWED_HOSTS']);
    }
  });
});

describe('the Origin check compares with the deployment, never with Host (issue 29, item 1)', () => {
  const app = (config: Record<string, string>) => {
    const a = express();
    a.use(originCheck(new HostPolicy(gatewayConfig(config))));
    a.post('/api/x', (_req, res) => {
      res.json({ ok: true });
    });
    return a;
  };

  it('an Origin equal to the Host is refused unless it is one of the deployment’s origins', async () => {
    const stack = app({ EMBEDDED: 'false', PUBLIC_URL: 'https://touchline.example.com' });
    for (const name of ['rebind.attacker.test', 'localhost']) {
      expectError(
        await request(stack).post('/api/x').set('Host', name).set('Origin', `http://${name}`),
        403,
        'Cross-site request refused',
      );
    }
    const ok = await request(stack)
      .post('/api/x')
      .set('Host', 'touchline.example.com')
      .set('Origin', 'https://touchline.example.com');
    expect(ok.status).toBe(200);
    // The public URL is https: the same name over plain http is another origin.
    expectError(await request(stack).post('/api/x').set('Origin', 'http://touchline.example.com'), 403);
  });
});
