import type { Knex } from 'knex';

export interface PasswordResetRow {
  token_hash: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A new link replaces every unused earlier one, so only the latest e-mail works. */
export async function replaceResetToken(db: Knex, row: Omit<PasswordResetRow, 'used_at'>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('password_resets')
      .where({ user_id: row.user_id })
      .whereNull('used_at')
      .update({ used_at: row.created_at });
    await trx('password_resets').insert(row);
  });
}

/** Marks the token used and returns its user, atomically: a link works once even if clicked twice at once. */
export async function consumeResetToken(db: Knex, tokenHash: string, now: Date): Promise<number | undefined> {
  const rows = await db('password_resets')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning('user_id');
  return (rows[0] as { user_id: number } | undefined)?.user_id;
}
