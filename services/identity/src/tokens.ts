import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import type { Random, Db } from '@touchline/kit';
import { allPublicKeys, currentSigningKey, ensureSigningKey, type SigningKeyRow } from './db/signing-keys';

export const SESSION_COOKIE_ALG = 'RS256';

export interface SessionClaims {
  userId: number;
  sessionId: string;
  isAdmin: boolean;
}

export interface TokenSigner {
  sign(claims: SessionClaims, now: Date, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }>;
  publicKeys(): Promise<{ kid: string; json: string }[]>;
}

/** A new RSA key pair as the row that would store it (a few hundred ms of CPU: only when none is stored). */
async function newSigningKey(random: Random): Promise<Omit<SigningKeyRow, 'created_at'>> {
  const { privateKey, publicKey } = await generateKeyPair(SESSION_COOKIE_ALG, { extractable: true });
  const kid = random.uuid();
  return {
    kid,
    private_jwk: { ...(await exportJWK(privateKey)), kid, alg: SESSION_COOKIE_ALG },
    public_jwk: { ...(await exportJWK(publicKey)), kid, alg: SESSION_COOKIE_ALG, use: 'sig' },
  };
}

/**
 * Session tokens are signed with an RSA key kept in identity's own schema: generated on first start,
 * shared by every replica, and published (public half only) to the gateway through GetJwks.
 */
export async function createTokenSigner(db: Db, random: Random): Promise<TokenSigner> {
  const row = (await currentSigningKey(db)) ?? (await ensureSigningKey(db, await newSigningKey(random)));
  const key = (await importJWK(row.private_jwk, SESSION_COOKIE_ALG)) as CryptoKey | KeyObject;
  return {
    async sign(claims, now, ttlSeconds) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
      const token = await new SignJWT({ sid: claims.sessionId, adm: claims.isAdmin })
        .setProtectedHeader({ alg: SESSION_COOKIE_ALG, kid: row.kid, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer('touchline-identity')
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .setJti(random.uuid())
        .sign(key);
      return { token, expiresAt };
    },
    async publicKeys() {
      const rows = await allPublicKeys(db);
      return rows.map((r) => ({ kid: r.kid, json: JSON.stringify(r.public_jwk) }));
    },
  };
}
