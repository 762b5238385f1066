import type { Knex } from 'knex';
import type { JWK } from 'jose';

export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  created_at: Date;
}

/**
 * Stores the key unless one exists and returns the one in use. Replicas may race at first start: an
 * insert that ignored conflicts let one replica read its own key before another's, with an earlier
 * `created_at`, committed (two keys in use). The table lock makes the check and the insert one step.
 */
export async function ensureSigningKey(
  db: Knex,
  candidate: Omit<SigningKeyRow, 'created_at'>,
): Promise<SigningKeyRow> {
  return db.transaction(async (trx) => {
    await trx.raw('lock table signing_keys in share row exclusive mode');
    const stored = await currentSigningKey(trx);
    if (stored) return stored;
    const [inserted] = await trx<SigningKeyRow>('signing_keys').insert(candidate).returning('*');
    return inserted!;
  });
}

export function currentSigningKey(db: Knex | Knex.Transaction): Promise<SigningKeyRow | undefined> {
  return db<SigningKeyRow>('signing_keys')
    .orderBy([{ column: 'created_at' }, { column: 'kid' }])
    .first();
}

export function allPublicKeys(db: Knex): Promise<Pick<SigningKeyRow, 'kid' | 'public_jwk'>[]> {
  return db<SigningKeyRow>('signing_keys').select('kid', 'public_jwk');
}
