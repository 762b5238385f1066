import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DeviceCookies } from '../src/device-cookies';
import { createMemoryStore, type KeyValueStore } from '../src/store';

/**
 * Issue 29, item 2: the device cookie that lets a client the owner signed in on past the shared
 * per-account sign-in allowance. Here alone, on a bare express app: what it is, and what it is not.
 */
/** `secure: false` as in embedded mode: supertest's agent keeps no Secure cookie over plain http. */
function appOn(store: KeyValueStore, secure = false) {
  const devices = new DeviceCookies(store, { secure });
  const app = express();
  app.use(cookieParser(), express.json());
  app.post('/api/login', devices.recognise, (req, res) => {
    res.json({ device: req.loginDevice ?? null });
  });
  app.post('/signed-in', async (req, res) => {
    await devices.issue(res, (req.body as { email: string }).email);
    res.end();
  });
  return app;
}

const setCookies = (res: request.Response) =>
  (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const deviceOf = async (agent: ReturnType<typeof request.agent>, email: string) =>
  ((await agent.post('/api/login').send({ email })).body as { device: string | null }).device;

describe('device cookies', () => {
  it('a signed-in client gets an HttpOnly, Secure, SameSite=Strict cookie sent only to sign-in, naming neither address nor secret', async () => {
    const res = await request(appOn(createMemoryStore(), true))
      .post('/signed-in')
      .send({ email: 'Owner@Example.com' });
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^tl_device_[\w-]{16}=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/; Path=\/api\/login/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Max-Age=15552000/); // 180 days
    expect(cookie!.toLowerCase()).not.toContain('owner');
  });

  it('is recognised for its own account only, whatever the letter case, and by every replica on the same store', async () => {
    const store = createMemoryStore();
    const agent = request.agent(appOn(store));
    await agent.post('/signed-in').send({ email: 'owner@example.com' });
    const device = await deviceOf(agent, '  OWNER@example.com ');
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(await deviceOf(agent, 'someone-else@example.com')).toBeNull();

    // Another gateway replica (same Redis, here the same store) knows the device too.
    const cookie = setCookies(
      await request(appOn(store)).post('/signed-in').send({ email: 'owner@example.com' }),
    )[0]!;
    const pair = cookie.split(';')[0]!;
    const replica = await request(appOn(store))
      .post('/api/login')
      .set('Cookie', pair)
      .send({ email: 'owner@example.com' });
    expect(replica.body.device).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is not honoured under another account's name, tampered with, or signed with another deployment's key", async () => {
    const store = createMemoryStore();
    const app = appOn(store);
    const cookieFor = async (email: string) =>
      setCookies(await request(app).post('/signed-in').send({ email }))[0]!.split(';')[0]!;
    const [ownerName, ownerValue] = (await cookieFor('owner@example.com')).split('=') as [string, string];
    const [attackerName, attackerValue] = (await cookieFor('attacker@example.com')).split('=') as [
      string,
      string,
    ];
    const login = (cookie: string, email: string, on = app) =>
      request(on).post('/api/login').set('Cookie', cookie).send({ email });

    expect((await login(`${ownerName}=${ownerValue}`, 'owner@example.com')).body.device).not.toBeNull();
    // The attacker's own device cookie, renamed to the owner's: bound to the attacker's account.
    expect((await login(`${ownerName}=${attackerValue}`, 'owner@example.com')).body.device).toBeNull();
    expect((await login(`${attackerName}=${attackerValue}`, 'owner@example.com')).body.device).toBeNull();
    // A changed payload (another device id) breaks the signature.
    const [header, payload, signature] = ownerValue.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, jti: 'chosen-by-attacker' })).toString(
      'base64url',
    );
    expect(
      (await login(`${ownerName}=${header}.${forged}.${signature}`, 'owner@example.com')).body.device,
    ).toBeNull();
    // Another store holds another key.
    const elsewhere = appOn(createMemoryStore());
    expect(
      (await login(`${ownerName}=${ownerValue}`, 'owner@example.com', elsewhere)).body.device,
    ).toBeNull();
  });
});
