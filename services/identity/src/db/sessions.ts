import type { Knex } from 'knex';

export interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(db: Knex, row: Omit<SessionRow, 'revoked_at'>): Promise<void> {
  await db('sessions').insert(row);
}

export function findSession(db: Knex, id: string): Promise<SessionRow | undefined> {
  return db<SessionRow>('sessions').where({ id }).first();
}

export async function revokeSession(db: Knex, id: string, at: Date): Promise<void> {
  await db('sessions').where({ id }).whereNull('revoked_at').update({ revoked_at: at });
}

/** Closes every open session of the user (but `keep`, if given) and returns their ids. */
export async function revokeSessionsOfUser(
  db: Knex,
  userId: number,
  at: Date,
  keep?: string,
): Promise<string[]> {
  const query = db('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (keep) query.whereNot({ id: keep });
  const rows = (await query.update({ revoked_at: at }).returning('id')) as { id: string }[];
  return rows.map((r) => r.id);
}

/** Sessions closed at or after `since`, oldest first. */
export async function sessionsRevokedSince(
  db: Knex,
  since: Date,
): Promise<{ id: string; revoked_at: Date }[]> {
  return (await db('sessions')
    .where('revoked_at', '>=', since)
    .orderBy('revoked_at')
    .select('id', 'revoked_at')) as { id: string; revoked_at: Date }[];
}

/**
 * Closes every open session of the user; returns every session that has not expired at `now`,
 * closed now or before, oldest first.
 */
export async function closeAllSessions(trx: Knex.Transaction, userId: number, now: Date): Promise<string[]> {
  await trx('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
  const rows = (await trx('sessions')
    .where({ user_id: userId })
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .select('id')) as { id: string }[];
  return rows.map((r) => r.id);
}
