import { randomBytes, scryptSync } from 'node:crypto';

/** `password` hashed as identity did before 2026-11-26 (scrypt N = 2^14), to test older accounts. */
export function olderPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
