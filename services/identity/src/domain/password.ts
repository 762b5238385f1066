import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// The length rule is shared with the page, which states it before a password is sent.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '@touchline/rules';

/**
 * N = 2^15, r = 8: a 32 MB work area, twice the 2^14 of the scrypt paper's interactive logins (OWASP
 * now asks 2^17). The size matters for memory too: glibc serves a request of up to 32 MB from its
 * heaps once a freed mapping of that size has raised its mmap threshold, and keeps it there, so each
 * libuv thread that hashed with 2^14 held 16 MB for good (docs/performance.md, Memory); a larger
 * area is always mapped on its own and returned when freed. An older hash is verified with its own
 * parameters and made again with these at that sign-in (login.ts).
 */
const PARAMS = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Encoded as scrypt$N$r$p$salt$hash (base64) so parameters can be raised later without breaking old hashes. */
function encode(salt: Buffer, key: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function hashPassword(password: string, salt: Buffer): Promise<string> {
  return encode(salt, await derive(password, salt, PARAMS));
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash made with other parameters than today's: re-made from the password at the next sign-in. */
export function hashIsOutdated(encoded: string): boolean {
  const [scheme, n, r, p] = encoded.split('$');
  return scheme === 'scrypt' && (Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p);
}

/** Verifying against this when no account exists keeps "unknown e-mail" as slow as "wrong password". */
export const DUMMY_HASH = encode(Buffer.alloc(16), Buffer.alloc(KEY_LENGTH));
