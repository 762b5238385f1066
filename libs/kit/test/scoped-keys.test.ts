/** Idempotency keys as the gateway scopes them: whose a key is, and what it came with. */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_FINGERPRINT_HEADER, IDEMPOTENCY_SCOPE_HEADER } from '../src/context';
import { migrate } from '../src/db/migrate';
import { DomainError } from '../src/errors';
import { kitMigrations } from '../src/events/kit-migrations';
import { KEY_USED_FOR_ANOTHER_REQUEST, scopedKeys, type KeyScoper } from '../src/grpc/scoped-keys';
import { createTestDatabase, type TestDatabase } from '../src/testing/database';

let database: TestDatabase;
let scope: KeyScoper;

beforeAll(async () => {
  database = await createTestDatabase('kit_scoped_keys');
  await migrate(database.db, database.schema, kitMigrations);
  scope = scopedKeys(database.db);
});
afterAll(async () => {
  await database?.close();
});

function metadata(caller: string, fingerprint: string): grpc.Metadata {
  const m = new grpc.Metadata();
  m.set(IDEMPOTENCY_SCOPE_HEADER, `${caller} POST /api/market/buy/:id`);
  m.set(IDEMPOTENCY_FINGERPRINT_HEADER, fingerprint);
  return m;
}
const keyOf = async (caller: string, fingerprint: string, idempotencyKey: string, rpc = 'BuyCard') =>
  (
    (await scope(rpc, metadata(caller, fingerprint), { userId: 1, idempotencyKey })) as {
      idempotencyKey: string;
    }
  ).idempotencyKey;

describe('scopedKeys', () => {
  it('leaves the first scope its key as sent: keys stored before scoping still find their outcome', async () => {
    expect(await keyOf('7', 'body-a', 'k-first')).toBe('k-first');
    expect(await keyOf('7', 'body-a', 'k-first')).toBe('k-first');
  });

  it("gives another scope a key of its own, the same on every retry, never the first scope's", async () => {
    expect(await keyOf('7', 'body-a', 'k-shared')).toBe('k-shared');
    const theirs = await keyOf('8', 'body-b', 'k-shared');
    expect(theirs).toMatch(/^scoped:[0-9a-f-]{36}$/);
    expect(await keyOf('8', 'body-b', 'k-shared')).toBe(theirs);
    expect(await keyOf('7', 'body-a', 'k-shared')).toBe('k-shared');
    // Another RPC is another namespace: the key is free there.
    expect(await keyOf('8', 'body-b', 'k-shared', 'PurchasePack')).toBe('k-shared');
  });

  it('refuses the same key of the same scope with another request (422) and records nothing', async () => {
    await keyOf('7', 'body-a', 'k-body');
    const refused = await keyOf('7', 'body-c', 'k-body').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'business_rule', message: KEY_USED_FOR_ANOTHER_REQUEST });
    expect(await keyOf('7', 'body-a', 'k-body')).toBe('k-body');
  });

  it('one claim under concurrent first uses: every request of the scope gets the same key', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => keyOf('9', 'body-a', 'k-race')));
    expect(new Set(keys)).toEqual(new Set(['k-race']));
    const others = await Promise.all(Array.from({ length: 8 }, () => keyOf('10', 'body-a', 'k-race')));
    expect(new Set(others).size).toBe(1);
    expect(others[0]).not.toBe('k-race');
  });

  it('leaves calls alone that carry no scope (peers, keyless requests) or no key', () => {
    expect(scope('BuyCard', new grpc.Metadata(), { idempotencyKey: 'k' })).toBeUndefined();
    expect(scope('BuyCard', metadata('7', 'body-a'), { idempotencyKey: '' })).toBeUndefined();
    expect(scope('GetUser', metadata('7', 'body-a'), { userId: 7 })).toBeUndefined();
  });
});
