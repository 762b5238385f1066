/** Badge label shown when the user has none. */
export const DEFAULT_BADGE = 'Rookie';

/** The first two letters of the e-mail, upper case. */
export function avatarInitials(email: string): string {
  return email.slice(0, 2).toUpperCase();
}
