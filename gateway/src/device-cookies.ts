import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import type { CookieSettings } from './session';
import type { KeyValueStore } from './store';

declare module 'express-serve-static-core' {
  interface Request {
    /** The device id of a valid device cookie for the account this sign-in names (DeviceCookies.recognise). */
    loginDevice?: string;
  }
}

const SECRET_KEY = 'device-cookie:secret';
/** Longer than a cookie lives: a secret that expires makes every device unknown again, nothing worse. */
const SECRET_TTL_SECONDS = 400 * 24 * 3600;
const COOKIE_LIFETIME_DAYS = 180;
const COOKIE_PATH = '/api/login';

/** How sign-in throttling and the device cookie name an account: what the user typed, trimmed and lower-cased. */
export function loginAccount(email: unknown): string | undefined {
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/**
 * OWASP's "device cookies": a client that signed in to an account before carries a cookie, signed and
 * bound to that account, and sign-in throttling exempts it from the account's shared allowance, so that
 * strangers guessing the password from many addresses cannot lock the owner out. Only for its first few
 * failures: a copied cookie must not buy unlimited guesses (rate-limit.ts, RULES.login).
 *
 * One cookie per account, named after a keyed hash of the address (the address itself is in neither
 * the name nor the value), sent only to the sign-in route. The value is a JWT (HS256) whose subject is
 * that hash and whose id names the device. The key is shared by every replica through the store
 * (Redis); in embedded mode it lives in memory, and a restart makes every device unknown again, which
 * only means the shared per-account allowance applies until the next successful sign-in.
 */
export class DeviceCookies {
  constructor(
    private readonly store: KeyValueStore,
    private readonly cookie: CookieSettings,
  ) {}

  /** Sets req.loginDevice when the client holds a valid device cookie for the account it signs in to. */
  recognise: RequestHandler = async (req, _res, next) => {
    try {
      const account = loginAccount((req.body as { email?: unknown } | undefined)?.email);
      if (account !== undefined) req.loginDevice = await this.deviceOf(req, account);
      next();
    } catch (error) {
      next(error);
    }
  };

  /**
   * After a successful sign-in (or sign-up): the client is a known device of the account from now on.
   * Without `device` (a new client, or one whose cookie throttling stopped trusting) it gets a new id.
   */
  async issue(res: Response, email: string, device: string = randomUUID()): Promise<void> {
    const account = loginAccount(email)!;
    const { key, tag } = await this.keyed(account);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(tag)
      .setJti(device)
      .setIssuedAt()
      .setExpirationTime(`${COOKIE_LIFETIME_DAYS}d`)
      .sign(key);
    res.cookie(cookieName(tag), token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.cookie.secure,
      path: COOKIE_PATH,
      maxAge: COOKIE_LIFETIME_DAYS * 24 * 3600 * 1000,
    });
  }

  private async deviceOf(req: Request, account: string): Promise<string | undefined> {
    const { key, tag } = await this.keyed(account);
    const token = (req.cookies as Record<string, string | undefined>)[cookieName(tag)];
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], subject: tag });
      return typeof payload.jti === 'string' ? payload.jti : undefined;
    } catch {
      // Forged, expired, another account's or signed with a key that is gone: an unknown client.
      return undefined;
    }
  }

  private async keyed(account: string): Promise<{ key: Uint8Array; tag: string }> {
    const secret = await this.store.setIfAbsent(
      SECRET_KEY,
      randomBytes(32).toString('base64url'),
      SECRET_TTL_SECONDS,
    );
    const key = Buffer.from(secret, 'base64url');
    return { key, tag: createHmac('sha256', key).update(`account:${account}`).digest('base64url') };
  }
}

const cookieName = (tag: string) => `tl_device_${tag.slice(0, 16)}`;
