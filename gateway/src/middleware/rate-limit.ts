import type { Request, RequestHandler } from 'express';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { loginAccount } from '../device-cookies';
import type { KeyValueStore } from '../store';

export interface LimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  /** The key this rule counts by; undefined skips the rule for this request. */
  key(req: Request): string | undefined;
  /** A successful attempt gives its point back: only failures add up (RateLimits.forgive). */
  forgiveOnSuccess?: boolean;
  /** The refusal's message, given the seconds until the next attempt; TOO_MANY when absent. */
  refusal?: (retryAfterSeconds: number) => string;
  /**
   * Once spent, the key stays spent this long rather than until its window ends. At most 24 days:
   * the in-memory limiter (embedded mode) keeps it with a timer, and Node fires a longer one at once.
   */
  spentForSeconds?: number;
  /**
   * Instead of refusing once spent: what the request becomes for the rules after this one (a device
   * cookie that stops being trusted, for example).
   */
  whenSpent?: (req: Request) => void;
}

export const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** "Try again in 10 minutes.": a refusal that says when, as its Retry-After does. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const byIp = (req: Request) => req.ip ?? 'unknown';
const byEmail = (req: Request) => loginAccount((req.body as { email?: unknown } | undefined)?.email);

const byEmailAndIp = (req: Request) => {
  const email = byEmail(req);
  return email === undefined ? undefined : `${email}|${byIp(req)}`;
};

/** Sign-in keys: a known device of the account (device-cookies.ts) is judged by its own failures first. */
const unknownClient = (key: (req: Request) => string | undefined) => (req: Request) =>
  req.loginDevice === undefined ? key(req) : undefined;
const byEmailAndDevice = (req: Request) => {
  const email = byEmail(req);
  return email === undefined || req.loginDevice === undefined ? undefined : `${email}|${req.loginDevice}`;
};

/** The allowances of docs/design.md#6-security, per IP and per account, scaled by RATE_LIMIT_SCALE. */
export const RULES = {
  /**
   * Wrong passwords count against the account and the client together, so that nobody can lock a
   * stranger out by typing wrong passwords for them; a looser per-account allowance, shared by every
   * client the account does not know, still slows guessing one password from many addresses. A client
   * that signed in to the account before (a device cookie) is exempt from both, so that allowance
   * never locks the owner out. A successful sign-in gives its account points back.
   *
   * The exemption is small, because a device cookie can be copied (issue 40): after 5 wrong passwords
   * in 15 minutes the cookie is distrusted for a day and its attempts count like an unknown client's,
   * on the rules below it. It is never refused on its own count, which would lock the owner's browser
   * it was copied from; the owner's next sign-in there gets a new device id, trusted again.
   */
  login: [
    {
      name: 'login-ip',
      points: 30,
      durationSeconds: 600,
      key: byIp,
      refusal: (s) => `Too many sign-in attempts from this address. ${tryAgainIn(s)}`,
    },
    {
      name: 'login-device',
      points: 5,
      durationSeconds: 900,
      key: byEmailAndDevice,
      forgiveOnSuccess: true,
      spentForSeconds: 24 * 3600,
      whenSpent: (req) => {
        req.loginDevice = undefined;
      },
    },
    {
      name: 'login-account-client',
      points: 10,
      durationSeconds: 600,
      key: unknownClient(byEmailAndIp),
      forgiveOnSuccess: true,
      refusal: (s) => `Too many failed sign-ins. ${tryAgainIn(s)}`,
    },
    {
      name: 'login-account',
      points: 50,
      durationSeconds: 600,
      key: unknownClient(byEmail),
      forgiveOnSuccess: true,
      refusal: (s) => `Too many failed sign-ins for this account. ${tryAgainIn(s)}`,
    },
  ],
  register: [
    { name: 'register-ip', points: 20, durationSeconds: 3600, key: byIp },
    { name: 'register-email', points: 5, durationSeconds: 3600, key: byEmail },
  ],
  passwordReset: [
    { name: 'reset-ip', points: 10, durationSeconds: 3600, key: byIp },
    { name: 'reset-email', points: 3, durationSeconds: 3600, key: byEmail },
  ],
  resetConfirm: [{ name: 'reset-confirm-ip', points: 20, durationSeconds: 3600, key: byIp }],
  adminVerify: [{ name: 'admin-verify-ip', points: 20, durationSeconds: 3600, key: byIp }],
  /** Promo redeem: guessing codes is brute force. Per account, and per address for many accounts. */
  promo: [
    {
      name: 'promo-user',
      points: 10,
      durationSeconds: 600,
      key: (req: Request) => (req.session ? String(req.session.userId) : undefined),
    },
    { name: 'promo-ip', points: 30, durationSeconds: 600, key: byIp },
  ],
  /** Every mutating call of a signed-in user. */
  mutation: [
    {
      name: 'mutation-user',
      points: 300,
      durationSeconds: 60,
      key: (req: Request) => (req.session ? String(req.session.userId) : byIp(req)),
    },
  ],
} satisfies Record<string, LimitRule[]>;

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly scale: number,
  ) {}

  middleware(rules: LimitRule[]): RequestHandler {
    return async (req, res, next) => {
      let rule: LimitRule | undefined;
      try {
        for (rule of rules) {
          const key = rule.key(req);
          if (key === undefined) continue;
          try {
            await this.limiter(rule).consume(key);
          } catch (error) {
            if (!(rule.whenSpent && error instanceof RateLimiterRes)) throw error;
            rule.whenSpent(req);
          }
        }
        next();
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const retryAfter = Math.ceil(error.msBeforeNext / 1000);
          res.set('Retry-After', String(retryAfter));
          res.status(429).json({ message: rule?.refusal?.(retryAfter) ?? TOO_MANY });
          return;
        }
        next(error);
      }
    };
  }

  /** Gives back the point a successful attempt spent on each rule that only counts failures. */
  async forgive(rules: LimitRule[], req: Request): Promise<void> {
    for (const rule of rules) {
      const key = rule.key(req);
      if (rule.forgiveOnSuccess && key !== undefined) await this.limiter(rule).reward(key, 1);
    }
  }

  private limiter(rule: LimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `rl:${rule.name}`,
        points: Math.max(1, Math.round(rule.points * this.scale)),
        duration: rule.durationSeconds,
        blockDuration: rule.spentForSeconds ?? 0,
      };
      limiter = this.store.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.store.redis })
        : new RateLimiterMemory(options);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }
}
