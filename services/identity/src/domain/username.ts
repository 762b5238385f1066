export const USERNAME_MAX_LENGTH = 24;
const USERNAME = /^[a-z0-9._-]{3,24}$/;

/** The e-mail's local part, reduced to the characters a username may hold. */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/\+.*$/, '');
  const cleaned = local.replace(/[^a-z0-9._-]/g, '').slice(0, USERNAME_MAX_LENGTH - 4);
  return cleaned.length >= 3 ? cleaned : `${cleaned}player`.slice(0, USERNAME_MAX_LENGTH - 4);
}

/** The base itself if free, otherwise the base with the smallest free numeric suffix (2, 3, …). */
export function firstFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function usernameProblem(username: string): string | undefined {
  if (!USERNAME.test(username)) {
    return 'Username must be 3-24 characters: lowercase letters, digits, dot, dash or underscore';
  }
  return undefined;
}
