import type { Knex } from 'knex';
import type { BadgeRow, UserRow } from '../domain/user';

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email }).first();
}

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export function findUsersByIds(db: Knex, ids: number[]): Promise<UserRow[]> {
  return db<UserRow>('users').whereIn('id', ids).orderBy('id');
}

export function listAllUsers(db: Knex): Promise<UserRow[]> {
  return db<UserRow>('users').orderBy('id');
}

export async function badgesOf(db: Knex, userIds: number[]): Promise<Map<number, BadgeRow[]>> {
  const rows = userIds.length
    ? await db<BadgeRow>('badges').whereIn('user_id', userIds).orderBy('earned_at')
    : [];
  const byUser = new Map<number, BadgeRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

/** Usernames equal to base or base followed by digits: the candidates a new username must avoid. */
export async function usernamesLike(db: Knex, base: string): Promise<string[]> {
  const rows = await db('users')
    .where('username', base)
    .orWhereRaw(`username ~ ?`, [`^${base.replace(/[.]/g, '\\.')}[0-9]+$`])
    .select('username');
  return rows.map((r: { username: string }) => r.username);
}

export async function findUserByRegistrationKey(db: Knex, key: string): Promise<UserRow | undefined> {
  return (await db('users').where({ registration_key: key }).first()) as UserRow | undefined;
}

export async function listUsernames(db: Knex): Promise<{ id: number; username: string }[]> {
  return db('users').where({ banned: false }).orderBy('username').select('id', 'username');
}

export function isUniqueViolation(error: unknown, constraintPart?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraintPart || (e.constraint ?? e.message ?? '').includes(constraintPart);
}
