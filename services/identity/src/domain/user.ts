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
  badge: string;
  favorite_team_id: number | null;
  /** Idempotency key of the sign-up that created the account. */
  registration_key: string | null;
  created_at: Date;
  last_login_at: Date | null;
}

export interface BadgeRow {
  user_id: number;
  name: string;
  description: string;
  icon: string;
  earned_at: Date;
}

export function toUserMessage(row: UserRow, badges: BadgeRow[] = []): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    isAdmin: row.is_admin,
    banned: row.banned,
    muted: row.muted,
    badge: row.badge,
    badges: badges.map((b) => ({
      name: b.name,
      description: b.description,
      icon: b.icon,
      earnedAt: b.earned_at.toISOString(),
    })),
    favoriteTeamId: row.favorite_team_id ?? 0,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at?.toISOString() ?? '',
    banReason: row.banned ? (row.ban_reason ?? '') : '',
  };
}

/** What a banned player reads at sign-in: the fixed sentence, then the reason when one was given. */
export function suspendedMessage(reason: string | null | undefined): string {
  return reason ? `Your account is suspended. Reason: ${reason}` : 'Your account is suspended';
}
