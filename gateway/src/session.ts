import type { Request, Response } from 'express';
import {
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Logger } from '@touchline/kit';
import { LRUCache } from 'lru-cache';
import type { IdentityClient } from './clients/identity';
import { RevokedSessions } from './revoked-sessions';
import type { KeyValueStore } from './store';

export const SESSION_COOKIE = 'tl_session';
/** Tokens this close to expiry are renewed on the next request. */
const RENEW_BEFORE_SECONDS = 120;
/** Where a replica tells its peers of a session it closed (Redis pub/sub, when the store is Redis). */
export const REVOKED_SESSIONS_CHANNEL = 'touchline:gateway:revoked-sessions';

export interface Session {
  userId: number;
  sessionId: string;
  isAdmin: boolean;
  /** When the token expires (ms since the epoch): a long-lived request (the SSE stream) ends there. */
  tokenExpiresAt: number;
}

interface SessionTokenResponse {
  token: string;
  sessionExpiresAt: string;
}

export interface CookieSettings {
  secure: boolean;
}

export function setSessionCookie(
  res: Response,
  response: SessionTokenResponse,
  cookie: CookieSettings,
): void {
  res.cookie(SESSION_COOKIE, response.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: '/',
    expires: new Date(response.sessionExpiresAt),
  });
}

export function clearSessionCookie(res: Response, cookie: CookieSettings): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
}

/**
 * Verifies the session cookie locally with identity's public keys (fetched once, again on an
 * unknown key id), honours the revocation list, and renews a token that expired or is about to
 * through identity, which refuses closed sessions and banned users.
 */
export class SessionVerifier {
  private keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  private loading: Promise<void> | undefined;
  private readonly revoked: RevokedSessions;
  /**
   * Payloads of tokens whose signature was verified, by token. A browser sends the same token with
   * every request until it is renewed, and RS256 verification was 8% of the gateway's CPU under
   * `npm run bench:market`. A token's bytes and its signature check never change, so only what
   * depends on the moment (expiry, revocation) is checked again, in authenticate. Cleared whenever
   * identity's keys are loaded again, so that a key withdrawn from the set stops vouching for its tokens.
   */
  private readonly verified = new LRUCache<string, JWTPayload>({ max: 5_000 });

  constructor(
    private readonly identity: IdentityClient,
    private readonly store: KeyValueStore,
    private readonly cookie: CookieSettings,
    private readonly logger: Logger,
  ) {
    this.revoked = new RevokedSessions(identity, logger);
    store
      .listen?.(
        REVOKED_SESSIONS_CHANNEL,
        (sessionId) => this.revoked.add(sessionId),
        () => this.revoked.refresh(),
      )
      .catch((error: unknown) =>
        logger.warn({ err: error }, "peers' revocations not heard; identity's list still refreshes"),
      );
  }

  async authenticate(req: Request, res: Response): Promise<Session | undefined> {
    const token = (req.cookies as Record<string, string | undefined>)[SESSION_COOKIE];
    if (!token) return undefined;
    const payload = await this.verify(token);
    if (!payload || typeof payload.sid !== 'string' || !payload.sub) {
      clearSessionCookie(res, this.cookie);
      return undefined;
    }
    if (await this.revoked.has(payload.sid)) {
      clearSessionCookie(res, this.cookie);
      return undefined;
    }
    const secondsLeft = (payload.exp ?? 0) - Math.floor(Date.now() / 1000);
    if (secondsLeft > RENEW_BEFORE_SECONDS) {
      return {
        userId: Number(payload.sub),
        sessionId: payload.sid,
        isAdmin: payload.adm === true,
        tokenExpiresAt: (payload.exp ?? 0) * 1000,
      };
    }
    try {
      const renewed = await this.identity.RefreshSession({ sessionId: payload.sid });
      setSessionCookie(res, renewed, this.cookie);
      return {
        userId: renewed.user!.id,
        sessionId: renewed.sessionId,
        isAdmin: renewed.user!.isAdmin,
        tokenExpiresAt: Date.parse(renewed.expiresAt),
      };
    } catch (error) {
      this.logger.debug({ err: error }, 'session renewal refused');
      clearSessionCookie(res, this.cookie);
      return undefined;
    }
  }

  /**
   * Refuses a session identity has closed, at once in this process, and in every replica as soon as
   * it hears the publication (Redis pub/sub, when set): no request pays a Redis round trip to ask.
   * A replica that missed it (its link to Redis was down) reads identity's list again when the link
   * comes back and every few seconds anyway; identity's record is what makes it survive restarts
   * (see RevokedSessions).
   */
  async revoke(sessionId: string): Promise<void> {
    this.revoked.add(sessionId);
    await this.store.publish?.(REVOKED_SESSIONS_CHANNEL, sessionId);
  }

  /**
   * Whether a session that was valid when a long-lived request began still is: not revoked here, by
   * a peer or by identity, and its token not expired (the client reconnects, which renews it).
   */
  async stillValid(session: Session, now = Date.now()): Promise<boolean> {
    if (now >= session.tokenExpiresAt) return false;
    return !(await this.revoked.has(session.sessionId));
  }

  /** The payload of a token signed by identity; also returned for an expired one (it may be renewed). */
  private async verify(token: string, retried = false): Promise<JWTPayload | undefined> {
    await this.ensureKeys(false);
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.keySet!, {
        algorithms: ['RS256'],
        issuer: 'touchline-identity',
      });
      this.verified.set(token, payload);
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return error.payload;
      if (error instanceof joseErrors.JWKSNoMatchingKey && !retried) {
        await this.ensureKeys(true);
        return this.verify(token, true);
      }
      return undefined;
    }
  }

  private async ensureKeys(reload: boolean): Promise<void> {
    if (this.keySet && !reload) return;
    this.loading ??= (async () => {
      const { keys } = await this.identity.GetJwks({});
      const jwks: JSONWebKeySet = { keys: keys.map((k) => JSON.parse(k.json) as JWK) };
      this.keySet = createLocalJWKSet(jwks);
      this.verified.clear();
    })().finally(() => (this.loading = undefined));
    await this.loading;
  }
}
