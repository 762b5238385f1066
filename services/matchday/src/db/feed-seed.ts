import type { Db } from './types';

/**
 * Stores `candidate` as the match feed's seed unless one is stored, and answers the stored one:
 * replicas racing at their first start each offer their own, and all end up with the one that won.
 */
export async function ensureFeedSeed(db: Db, candidate: Buffer): Promise<Buffer> {
  await db('feed_seed').insert({ id: 1, seed: candidate }).onConflict('id').ignore();
  const row = (await db('feed_seed').where({ id: 1 }).first('seed')) as { seed: Buffer | Uint8Array };
  return Buffer.from(row.seed);
}
