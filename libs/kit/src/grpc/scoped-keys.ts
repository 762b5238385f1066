import type * as grpc from '@grpc/grpc-js';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_FINGERPRINT_HEADER, IDEMPOTENCY_SCOPE_HEADER } from '../context';
import { claimScopedKey, findScopedKey } from '../db/idempotency-keys';
import { businessRule } from '../errors';

export const KEY_USED_FOR_ANOTHER_REQUEST = 'This Idempotency-Key was already used for a different request';

/** Longer metadata is not the gateway's: the call is then taken as it comes. */
const MAX_HEADER_LENGTH = 512;

/** The request with the idempotency key its use case sees; undefined when the call carries no scope. */
export type KeyScoper = (
  rpc: string,
  metadata: grpc.Metadata,
  request: unknown,
) => Promise<unknown> | undefined;

function header(metadata: grpc.Metadata, name: string): string | undefined {
  const value = metadata.get(name)[0];
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER_LENGTH
    ? value
    : undefined;
}

/**
 * A client's Idempotency-Key belongs to whoever sent it, on the route it was sent to (the scope the
 * gateway names), and to the request it first came with (the fingerprint):
 *
 * - the first scope to use a key in an RPC keeps it as it is, so the keys stored before keys were
 *   scoped still find their outcomes;
 * - another scope sending the same key gets a fresh key of its own, recorded here: its retries find
 *   it, and the use case never sees the first scope's operation;
 * - the same key of the same scope with another fingerprint is refused (422) before anything runs.
 *
 * Calls without the gateway's scope (peers' calls, keyless requests) keep their key as they sent it.
 */
export function scopedKeys(db: Knex): KeyScoper {
  const resolve = async (rpc: string, scope: string, fingerprint: string, clientKey: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const key = attempt === 0 ? clientKey : `scoped:${randomUUID()}`;
      if (await claimScopedKey(db, { rpc, scope, clientKey, key, fingerprint })) return key;
      const held = await findScopedKey(db, rpc, scope, clientKey);
      if (held) {
        if (held.fingerprint !== fingerprint) throw businessRule(KEY_USED_FOR_ANOTHER_REQUEST);
        return held.key;
      }
      // The key as sent is another scope's: the next round claims a fresh one for this scope.
    }
    throw new Error(`no key could be claimed for ${rpc}`);
  };
  return (rpc, metadata, request) => {
    const clientKey = (request as { idempotencyKey?: unknown }).idempotencyKey;
    const scope = header(metadata, IDEMPOTENCY_SCOPE_HEADER);
    const fingerprint = header(metadata, IDEMPOTENCY_FINGERPRINT_HEADER);
    if (typeof clientKey !== 'string' || clientKey === '' || !scope || !fingerprint) return undefined;
    return resolve(rpc, scope, fingerprint, clientKey).then((key) => ({
      ...(request as object),
      idempotencyKey: key,
    }));
  };
}
