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

/** Closes every open session of the user and returns their ids. */
export async function revokeSessionsOfUser(db: Knex, userId: number, at: Date): Promise<string[]> {
  const rows = (await db('sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: at })
    .returning('id')) as { id: string }[];
  return rows.map((r) => r.id);
}
