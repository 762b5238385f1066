import { USERNAME_MAX_LENGTH, usernameProblem } from '@touchline/rules';

// The rule is shared with the Settings form, which states it before a name is sent.
export { USERNAME_MAX_LENGTH, usernameProblem } from '@touchline/rules';

/** Given to a sign-up whose e-mail's local part would make a refused name ('admin@…', 'www.x.com@…'). */
const NEUTRAL_BASE = 'player';

/** The e-mail's local part, reduced to the characters a username may hold. */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/\+.*$/, '');
  const cleaned = local.replace(/[^a-z0-9._-]/g, '').slice(0, USERNAME_MAX_LENGTH - 4);
  const base = cleaned.length >= 3 ? cleaned : `${cleaned}player`.slice(0, USERNAME_MAX_LENGTH - 4);
  // Sign-up takes no username (docs/spec/game-spec.md, POST /api/register), so it cannot refuse one.
  return usernameProblem(base) ? NEUTRAL_BASE : base;
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
