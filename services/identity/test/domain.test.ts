import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isEmail, normalizeEmail, parseAdminEmails } from '../src/domain/email';
import {
  DUMMY_HASH,
  hashIsOutdated,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  verifyPassword,
} from '../src/domain/password';
import { firstFreeUsername, usernameBase, usernameProblem } from '../src/domain/username';
import { olderPasswordHash } from './older-hash';

describe('usernameBase', () => {
  it('takes the local part, lower-cased, without the +tag', () => {
    expect(usernameBase('john.doe+x@a.com')).toBe('john.doe');
    expect(usernameBase('John.Doe@Example.COM')).toBe('john.doe');
    expect(usernameBase('ann+one+two@x.io')).toBe('ann');
  });

  it('drops characters a username may not hold', () => {
    expect(usernameBase("o'brien!#$@x.io")).toBe('obrien');
    expect(usernameBase('jo_hn-d.oe@x.io')).toBe('jo_hn-d.oe');
  });

  it('pads a local part shorter than 3 characters', () => {
    expect(usernameBase('al@x.io')).toBe('alplayer');
    expect(usernameBase('!!@x.io')).toBe('player');
  });

  it('leaves room for a numeric suffix within the maximum length', () => {
    const base = usernameBase(`${'a'.repeat(40)}@x.io`);
    expect(base).toBe('a'.repeat(20));
    expect(usernameProblem(firstFreeUsername(base, [base, ...[2, 3, 4].map((n) => `${base}${n}`)]))).toBe(
      undefined,
    );
  });

  it('always yields a valid username', () => {
    for (const email of ['john.doe+x@a.com', 'x@y.z', '+tag@y.z', 'ÄÖÜ@y.z', `${'b'.repeat(64)}@y.z`]) {
      expect(usernameProblem(usernameBase(email)), email).toBeUndefined();
    }
  });
});

describe('firstFreeUsername', () => {
  it('returns the base itself when it is free', () => {
    expect(firstFreeUsername('ann', [])).toBe('ann');
    expect(firstFreeUsername('ann', ['ann2', 'anna'])).toBe('ann');
  });

  it('appends the smallest free number when the base is taken', () => {
    expect(firstFreeUsername('ann', ['ann'])).toBe('ann2');
    expect(firstFreeUsername('ann', ['ann', 'ann2'])).toBe('ann3');
    expect(firstFreeUsername('ann', ['ann', 'ann3'])).toBe('ann2');
    expect(firstFreeUsername('ann', new Set(['ann', 'ann2', 'ann3', 'ann4']))).toBe('ann5');
  });
});

describe('usernameProblem', () => {
  it('accepts 3-24 lowercase letters, digits, dot, dash or underscore', () => {
    expect(usernameProblem('ann')).toBeUndefined();
    expect(usernameProblem('a.b-c_9')).toBeUndefined();
    expect(usernameProblem('ab')).toMatch(/3-24 characters/);
    expect(usernameProblem('Ann')).toMatch(/3-24 characters/);
    expect(usernameProblem('a'.repeat(25))).toMatch(/3-24 characters/);
    expect(usernameProblem('an n')).toMatch(/3-24 characters/);
  });
});

describe('passwordProblem', () => {
  it(`refuses fewer than ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(passwordProblem('')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(
      'Password must be at least 8 characters',
    );
  });

  it(`refuses more than ${PASSWORD_MAX_LENGTH} characters`, () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(
      'Password must be at most 128 characters',
    );
  });

  it('accepts the lengths in between, bounds included', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH))).toBeUndefined();
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
  });
});

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('s3cret-passw0rd', randomBytes(16));
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('s3cret-passw0rd');
    expect(await verifyPassword('s3cret-passw0rd', hash)).toBe(true);
    expect(await verifyPassword('s3cret-passw0rd ', hash)).toBe(false);
    expect(await verifyPassword('S3cret-passw0rd', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('still verifies a hash made with the earlier parameters (N = 2^14), which it names', async () => {
    const older = olderPasswordHash('older-passw0rd');
    expect(await verifyPassword('older-passw0rd', older)).toBe(true);
    expect(await verifyPassword('older-passw0rd!', older)).toBe(false);
    expect(hashIsOutdated(older)).toBe(true);
    expect(hashIsOutdated(await hashPassword('older-passw0rd', randomBytes(16)))).toBe(false);
  });

  it('salts: the same password hashes differently, and both verify', async () => {
    const a = await hashPassword('same password', randomBytes(16));
    const b = await hashPassword('same password', randomBytes(16));
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats Unicode-equivalent spellings as the same password (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-password', randomBytes(16));
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('refuses malformed hashes and the dummy hash without throwing', async () => {
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$1$2$3$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmail('ann@example.com')).toBe(true);
    expect(isEmail('john.doe+x@a.co.uk')).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'ann', 'ann@', '@example.com', 'ann@example', 'a nn@example.com', 'a@b@c.com']) {
      expect(isEmail(value), value).toBe(false);
    }
  });

  it('refuses addresses longer than 254 characters', () => {
    const local = 'a'.repeat(64);
    const at254 = `${local}@${'b'.repeat(254 - local.length - 1 - 4)}.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
  });

  it('normalizes by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('parseAdminEmails', () => {
  it('splits on commas, trims, lower-cases and drops empty entries', () => {
    expect(parseAdminEmails(' Boss@Example.com , ,ops@example.com,')).toEqual(
      new Set(['boss@example.com', 'ops@example.com']),
    );
  });

  it('is empty when unset or blank', () => {
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(parseAdminEmails('').size).toBe(0);
    expect(parseAdminEmails(' , ').size).toBe(0);
  });
});
