import type { Migration } from '@touchline/kit';

/**
 * Until 2026-11-26 every start stored a new signing key beside the one in use (tokens.ts): only the
 * oldest ever signed a token, the others only lengthened the key set the gateway fetches. They go.
 */
export const unusedSigningKeys: Migration = {
  name: '003_unused_signing_keys',
  async up(db) {
    await db.raw(`
      delete from signing_keys
      where kid <> (select kid from signing_keys order by created_at, kid limit 1)`);
  },
};
