import type { Knex } from 'knex';

/** The key a use case sees for one client key of one scope, and the request it first came with. */
export interface ScopedKeyRow {
  key: string;
  fingerprint: string;
}

/**
 * Records `key` as the one `clientKey` of `scope` stands for in `rpc`. False when the scope holds
 * that client key already, or when `key` is held by another scope (then nothing is written).
 */
export async function claimScopedKey(
  db: Knex,
  row: { rpc: string; scope: string; clientKey: string; key: string; fingerprint: string },
): Promise<boolean> {
  const inserted = (await db('idempotency_keys')
    .insert({
      rpc: row.rpc,
      scope: row.scope,
      client_key: row.clientKey,
      key: row.key,
      fingerprint: row.fingerprint,
    })
    .onConflict()
    .ignore()
    .returning('key')) as unknown[];
  return inserted.length > 0;
}

export async function findScopedKey(
  db: Knex,
  rpc: string,
  scope: string,
  clientKey: string,
): Promise<ScopedKeyRow | undefined> {
  return (await db('idempotency_keys')
    .where({ rpc, scope, client_key: clientKey })
    .first('key', 'fingerprint')) as ScopedKeyRow | undefined;
}
