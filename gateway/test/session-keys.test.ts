import type { Request, Response } from 'express';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { IdentityClient } from '../src/clients/identity';
import { SESSION_COOKIE, SessionVerifier } from '../src/session';
import { createMemoryStore } from '../src/store';

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sign = (sid: string) =>
    new SignJWT({ sid })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject('7')
      .setIssuer('touchline-identity')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  return { jwk, sign };
}

/** An identity that serves the key set it is given and has closed no session. */
function identityServing(keys: { current: JWK[] }): IdentityClient {
  return {
    GetJwks: async () => ({ keys: keys.current.map((k) => ({ json: JSON.stringify(k) })) }),
    ListRevokedSessions: async () => ({
      sessions: [],
      asOf: new Date().toISOString(),
      tokenTtlSeconds: 3600,
    }),
  } as unknown as IdentityClient;
}

const requestWith = (token: string) => ({ cookies: { [SESSION_COOKIE]: token } }) as unknown as Request;
const response = () => ({ clearCookie: () => undefined, cookie: () => undefined }) as unknown as Response;

describe('verified session tokens', () => {
  it('stops accepting a token, verified before, once identity withdrew the key that signed it', async () => {
    const [old, next] = await Promise.all([signingKey('old'), signingKey('next')]);
    const keys = { current: [old.jwk] };
    const verifier = new SessionVerifier(
      identityServing(keys),
      createMemoryStore(),
      { secure: false },
      pino({ level: 'silent' }),
    );
    const oldToken = await old.sign('s-old');
    expect(await verifier.authenticate(requestWith(oldToken), response())).toMatchObject({
      userId: 7,
      sessionId: 's-old',
    });
    expect(await verifier.authenticate(requestWith(oldToken), response())).toMatchObject({
      sessionId: 's-old',
    });

    // The key set rotates; a token of the new key makes the gateway load it.
    keys.current = [next.jwk];
    expect(await verifier.authenticate(requestWith(await next.sign('s-next')), response())).toMatchObject({
      sessionId: 's-next',
    });
    expect(await verifier.authenticate(requestWith(oldToken), response())).toBeUndefined();
  });
});
