import type { Knex } from 'knex';
import type { JWK } from 'jose';

export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  created_at: Date;
}

/** Stores the key unless one exists (several replicas may race at first start) and returns the one in use. */
export async function ensureSigningKey(
  db: Knex,
  candidate: Omit<SigningKeyRow, 'created_at'>,
): Promise<SigningKeyRow> {
  await db('signing_keys').insert(candidate).onConflict('kid').ignore();
  const row = await db<SigningKeyRow>('signing_keys')
    .orderBy([{ column: 'created_at' }, { column: 'kid' }])
    .first();
  return row!;
}

export function currentSigningKey(db: Knex): Promise<SigningKeyRow | undefined> {
  return db<SigningKeyRow>('signing_keys')
    .orderBy([{ column: 'created_at' }, { column: 'kid' }])
    .first();
}

export function allPublicKeys(db: Knex): Promise<Pick<SigningKeyRow, 'kid' | 'public_jwk'>[]> {
  return db<SigningKeyRow>('signing_keys').select('kid', 'public_jwk');
}
