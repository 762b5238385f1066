/** Badge label shown when the user has none. */
export const DEFAULT_BADGE = 'Rookie';

/** The first two letters of the e-mail, upper case. */
export function avatarInitials(email: string): string {
  return email.slice(0, 2).toUpperCase();
}

/**
 * The badge of a first opened pack (services/missions/src/catalogue/badges.ts, id 'first-pack'; the
 * user's badges carry their names): without it, Home leads a new player to their first pack.
 */
export const FIRST_PACK_BADGE = 'Pack Opener';

/** Whether the user has never opened a card pack (bought or from a promo code). */
export function neverOpenedAPack(badges: readonly { name: string }[]): boolean {
  return !badges.some((badge) => badge.name === FIRST_PACK_BADGE);
}
