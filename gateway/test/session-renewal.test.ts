import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  expectError,
  PASSWORD,
  sessionCookie,
  startGatewayHarness,
  uniqueEmail,
  type GatewayHarness,
} from './support';

let gw: GatewayHarness;

beforeAll(async () => {
  // 30 s tokens: always inside the gateway's 120 s renewal window, so every request renews.
  gw = await startGatewayHarness({ identityEnv: { SESSION_TOKEN_TTL_SECONDS: '30' } });
});

afterAll(async () => {
  await gw?.close();
});

async function signedUp(local: string) {
  const email = uniqueEmail(local);
  const agent = browser(gw.baseUrl);
  const res = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const token = sessionCookie(res)!.value;
  const claims = decodeJwt(token);
  expect(claims.exp! - claims.iat!).toBe(30);
  return { email, agent, token, userId: res.body.id as number };
}

describe('session renewal', () => {
  it('renews a token close to expiry: a new cookie with a different token for the same session', async () => {
    const { agent, token, userId } = await signedUp('renewer');

    const first = await agent.get('/api/user');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: userId });
    const renewed = sessionCookie(first);
    expect(renewed?.value).toBeTruthy();
    expect(renewed!.value).not.toBe(token);
    expect(renewed!.attributes).toMatch(/HttpOnly/);
    expect(renewed!.attributes).toMatch(/SameSite=Lax/i);
    expect(decodeJwt(renewed!.value)).toMatchObject({ sub: String(userId), sid: decodeJwt(token).sid });

    // The agent now sends the renewed token, and the user stays signed in.
    const second = await agent.get('/api/user');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: userId });
    expect(sessionCookie(second)!.value).not.toBe(renewed!.value);
  });

  it('does not renew a session that was logged out', async () => {
    const { agent } = await signedUp('renewed-leaver');
    expect((await agent.post('/api/logout')).status).toBe(200);
    expectError(await agent.get('/api/user'), 401, 'Not signed in');
  });

  it('ends the session of a user banned meanwhile at the next renewal, clearing the cookie', async () => {
    const { agent, userId } = await signedUp('renewed-banned');
    expect((await agent.get('/api/user')).status).toBe(200);
    await gw.identity.database.db('users').where({ id: userId }).update({ banned: true });

    const res = await agent.get('/api/user');
    expectError(res, 401, 'Not signed in');
    expect(sessionCookie(res)?.value).toBe('');
  });
});
