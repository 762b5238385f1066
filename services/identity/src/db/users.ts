import type { Knex } from 'knex';
import type { UserRow } from '../domain/user';

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

/**
 * Sign-ups that derive the same username base take turns until commit, so each sees the names the
 * others took instead of colliding on the unique index and running out of retries.
 */
export async function lockUsernameBase(trx: Knex.Transaction, base: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [`identity.username:${base}`]);
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

/** Id and username of each given user that exists (banned ones too: their past trades keep their name). */
export async function usernamesByIds(db: Knex, ids: number[]): Promise<{ id: number; username: string }[]> {
  if (ids.length === 0) return [];
  return db('users').whereIn('id', ids).orderBy('id').select('id', 'username');
}

/** The user who is not banned with this username; usernames are stored lowercase. */
export async function activeUserByUsername(
  db: Knex,
  username: string,
): Promise<{ id: number; username: string } | undefined> {
  return (await db('users')
    .where({ username: username.trim().toLowerCase(), banned: false })
    .first('id', 'username')) as { id: number; username: string } | undefined;
}

export async function listUsernames(db: Knex): Promise<{ id: number; username: string }[]> {
  return db('users').where({ banned: false }).orderBy('username').select('id', 'username');
}

export function isUniqueViolation(error: unknown, constraintPart?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraintPart || (e.constraint ?? e.message ?? '').includes(constraintPart);
}

/** The user, row-locked until the transaction ends. */
export async function lockUser(trx: Knex.Transaction, id: number): Promise<UserRow | undefined> {
  return (await trx('users').where({ id }).forUpdate().first()) as UserRow | undefined;
}

/** Changes the user's columns; answers the row after, undefined when there is no such user. */
export async function updateUser(
  db: Knex,
  id: number,
  change: Partial<UserRow>,
): Promise<UserRow | undefined> {
  const [row] = (await db('users').where({ id }).update(change).returning('*')) as UserRow[];
  return row;
}

/**
 * Replaces the password hash with one of the same password made with today's parameters, unless the
 * password changed meanwhile (the stored hash is no longer the one that was verified).
 */
export async function replaceOutdatedHash(
  trx: Knex.Transaction,
  id: number,
  verified: string,
  rehashed: string,
): Promise<boolean> {
  return (await trx('users').where({ id, password_hash: verified }).update({ password_hash: rehashed })) > 0;
}

/**
 * Makes the user admin with a new password while the account still has `email`; false when it does
 * not (any more).
 */
export async function makeAdminIfEmail(
  trx: Knex.Transaction,
  id: number,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const updated = await trx('users')
    .where({ id, email })
    .update({ is_admin: true, password_hash: passwordHash });
  return updated > 0;
}

export async function insertUser(
  trx: Knex.Transaction,
  user: Pick<
    UserRow,
    'email' | 'username' | 'password_hash' | 'is_admin' | 'registration_key' | 'created_at' | 'last_login_at'
  >,
): Promise<UserRow> {
  const [row] = (await trx('users').insert(user).returning('*')) as UserRow[];
  return row!;
}
