import type { Knex } from 'knex';

export interface AdminVerificationRow {
  token_hash: string;
  user_id: number;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** Whether the user has a link that still works (a sign-in then does not send another one). */
export async function hasLiveAdminVerification(db: Knex, userId: number, now: Date): Promise<boolean> {
  const row = (await db('admin_verifications')
    .where({ user_id: userId })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .first('token_hash')) as { token_hash: string } | undefined;
  return row !== undefined;
}

export async function insertAdminVerification(
  db: Knex,
  row: Omit<AdminVerificationRow, 'used_at'>,
): Promise<void> {
  await db('admin_verifications').insert(row);
}

/** Marks the link used and returns it, atomically: it works once even if followed twice at once. */
export async function consumeAdminVerification(
  db: Knex,
  tokenHash: string,
  now: Date,
): Promise<Pick<AdminVerificationRow, 'user_id' | 'email'> | undefined> {
  const rows = (await db('admin_verifications')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning(['user_id', 'email'])) as Pick<AdminVerificationRow, 'user_id' | 'email'>[];
  return rows[0];
}
