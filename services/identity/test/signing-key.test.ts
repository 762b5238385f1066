import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { systemRandom } from '@touchline/kit';
import { unusedSigningKeys } from '../src/db/migrations/003_unused_signing_keys';
import { ensureSigningKey } from '../src/db/signing-keys';
import { createTokenSigner } from '../src/tokens';
import { startIdentity, type StartedIdentity } from './support';

let identity: StartedIdentity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity.stop());

const claims = { userId: 1, sessionId: 's', isAdmin: false };

describe('the session signing key', () => {
  it('is made once: a restart signs with the stored key and stores no new one', async () => {
    const db = identity.test.database.db;
    const before = await db('signing_keys').select('kid');
    expect(before).toHaveLength(1);

    const restarted = await Promise.all([1, 2, 3].map(() => createTokenSigner(db, systemRandom)));
    const kids = await Promise.all(
      restarted.map(
        async (signer) => decodeProtectedHeader((await signer.sign(claims, new Date(), 60)).token).kid,
      ),
    );
    expect(kids).toEqual([before[0]!.kid, before[0]!.kid, before[0]!.kid]);
    expect(await db('signing_keys').select('kid')).toEqual(before);
  });

  it('is one key for replicas that start at once on an empty table', async () => {
    const db = identity.test.database.db;
    await db('signing_keys').delete();
    const signers = await Promise.all([1, 2, 3, 4].map(() => createTokenSigner(db, systemRandom)));
    const kids = await Promise.all(
      signers.map(
        async (signer) => decodeProtectedHeader((await signer.sign(claims, new Date(), 60)).token).kid,
      ),
    );
    const stored = await db('signing_keys').orderBy(['created_at', 'kid']).select('kid');
    expect(new Set(kids)).toEqual(new Set([stored[0]!.kid]));
  });

  it('stores exactly one of the candidates that race, and every racer gets that one', async () => {
    const db = identity.test.database.db;
    const [template] = await db('signing_keys').select('private_jwk', 'public_jwk');
    for (let round = 0; round < 10; round += 1) {
      await db('signing_keys').delete();
      const candidates = [1, 2, 3, 4, 5, 6].map((n) => ({ ...template, kid: `race-${round}-${n}` }));
      const kept = await Promise.all(candidates.map((candidate) => ensureSigningKey(db, candidate)));
      const stored = await db('signing_keys').pluck('kid');
      expect(stored).toHaveLength(1);
      expect(new Set(kept.map((row) => row.kid))).toEqual(new Set(stored));
    }
    await db('signing_keys').delete();
    await createTokenSigner(db, systemRandom);
  });

  it('keeps only the key in use when the keys stored by earlier starts are removed', async () => {
    const db = identity.test.database.db;
    const [inUse] = await db('signing_keys').orderBy(['created_at', 'kid']).select('*');
    const later = (n: number) => ({
      ...inUse,
      kid: `later-${n}`,
      created_at: new Date(new Date(inUse.created_at).getTime() + n * 1000),
    });
    await db('signing_keys').insert([later(1), later(2)]);

    await unusedSigningKeys.up(db);

    expect(await db('signing_keys').pluck('kid')).toEqual([inUse.kid]);
  });
});
