import type { User } from '@touchline/protos/gen/touchline/identity/User';

export const DEFAULT_BADGE = 'Rookie';

export interface UserRow {
  id: number;
  email: string;
  username: string;
  password_hash: string;
  is_admin: boolean;
  banned: boolean;
  muted: boolean;
  /** While banned: the admin's reason; null: none given. */
  ban_reason?: string | null;
  /** While muted: the admin's reason; null: none given. */
  mute_reason?: string | null;
  /** When the mute ends; null: permanent (while `muted`). */
  muted_until?: Date | null;
  favorite_team_id: number | null;
  /** Idempotency key of the sign-up that created the account. */
  registration_key: string | null;
  created_at: Date;
  last_login_at: Date | null;
}

/** Muted now: the flag is set and its end, if any, is still ahead (the clock ends a mute, no job does). */
export function isMuted(row: Pick<UserRow, 'muted' | 'muted_until'>, now: Date): boolean {
  return row.muted && (!row.muted_until || row.muted_until.getTime() > now.getTime());
}

export function toUserMessage(row: UserRow, now: Date): User {
  const muted = isMuted(row, now);
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    isAdmin: row.is_admin,
    banned: row.banned,
    muted,
    favoriteTeamId: row.favorite_team_id ?? 0,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at?.toISOString() ?? '',
    banReason: row.banned ? (row.ban_reason ?? '') : '',
    muteReason: muted ? (row.mute_reason ?? '') : '',
    mutedUntil: muted ? (row.muted_until?.toISOString() ?? '') : '',
  };
}

/** What a banned player reads at sign-in: the fixed sentence, then the reason when one was given. */
export function suspendedMessage(reason: string | null | undefined): string {
  return reason ? `Your account is suspended. Reason: ${reason}` : 'Your account is suspended';
}
