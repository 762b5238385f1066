import type { Knex } from 'knex';
import type { PackReward, PromoCodeDefinition, PromoReward, Rarity } from '../domain/promo';

export interface PromoCodeRow {
  code: string;
  description: string;
  coins: number;
  card_player_id: number | null;
  packs: PackReward[];
  generated_count: number;
  generated_rarity: Rarity | null;
  expires_at: Date | null;
  max_redemptions: number | null;
  redemptions_count: number;
}

export type MintStatus = 'none' | 'pending' | 'done';

export interface RedemptionRow {
  id: number;
  code: string;
  user_id: number;
  idempotency_key: string;
  reward: PromoReward;
  mint_status: MintStatus;
  card_ids: number[] | null;
  mint_attempts: number;
  next_mint_at: Date | null;
  last_mint_error: string | null;
  created_at: Date;
  minted_at: Date | null;
}

export function rewardOf(row: PromoCodeRow): PromoReward {
  return {
    coins: Number(row.coins),
    cardPlayerId: row.card_player_id === null ? null : Number(row.card_player_id),
    packs: row.packs,
    generated:
      row.generated_count > 0 && row.generated_rarity
        ? { count: row.generated_count, rarity: row.generated_rarity }
        : null,
  };
}

/** Adds the code unless it exists (seeding runs at every start); true when it was added. */
export async function insertPromoCode(db: Knex, def: PromoCodeDefinition): Promise<boolean> {
  const inserted = (await db('promo_codes')
    .insert({
      code: def.code,
      description: def.description,
      coins: def.coins,
      card_player_id: def.cardPlayerId,
      // JSON text: the pg driver would turn a bare array into a Postgres array literal.
      packs: JSON.stringify(def.packs),
      generated_count: def.generated?.count ?? 0,
      generated_rarity: def.generated?.rarity ?? null,
      expires_at: def.expiresAt,
      max_redemptions: def.maxRedemptions,
    })
    .onConflict('code')
    .ignore()
    .returning('code')) as unknown[];
  return inserted.length > 0;
}

/** The code row, locked until the transaction ends: redemptions of one code are checked one at a time. */
export async function lockPromoCode(trx: Knex.Transaction, code: string): Promise<PromoCodeRow | undefined> {
  return (await trx('promo_codes').where({ code }).forUpdate().first()) as PromoCodeRow | undefined;
}

export async function countRedemption(trx: Knex.Transaction, code: string): Promise<void> {
  await trx('promo_codes')
    .where({ code })
    .update({ redemptions_count: trx.raw('redemptions_count + 1') });
}

export async function findRedemption(
  db: Knex,
  where: { id: number } | { code: string; user_id: number },
): Promise<RedemptionRow | undefined> {
  return (await db('promo_redemptions').where(where).first()) as RedemptionRow | undefined;
}

export async function insertRedemption(
  trx: Knex.Transaction,
  row: Pick<
    RedemptionRow,
    'code' | 'user_id' | 'idempotency_key' | 'reward' | 'mint_status' | 'next_mint_at' | 'created_at'
  >,
): Promise<RedemptionRow> {
  const [inserted] = (await trx('promo_redemptions')
    .insert({ ...row, reward: JSON.stringify(row.reward) })
    .returning('*')) as RedemptionRow[];
  return inserted!;
}

/**
 * Records the minted cards of a pending redemption; undefined when another attempt (the sweeper, a
 * retried request) recorded them first, so whatever follows the completion happens once.
 */
export async function completeMint(
  trx: Knex.Transaction,
  id: number,
  cardIds: readonly number[],
  now: Date,
): Promise<RedemptionRow | undefined> {
  const [row] = (await trx('promo_redemptions')
    .where({ id, mint_status: 'pending' })
    .update({ mint_status: 'done', card_ids: JSON.stringify(cardIds), minted_at: now, last_mint_error: null })
    .returning('*')) as RedemptionRow[];
  return row;
}

export async function recordMintFailure(
  db: Knex,
  id: number,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db('promo_redemptions')
    .where({ id, mint_status: 'pending' })
    .update({
      mint_attempts: db.raw('mint_attempts + 1'),
      last_mint_error: error.slice(0, 500),
      next_mint_at: nextAttemptAt,
    });
}

/** Pending card rewards due for another attempt, oldest first. */
export async function dueMints(db: Knex, now: Date, limit: number): Promise<RedemptionRow[]> {
  return (await db('promo_redemptions')
    .where({ mint_status: 'pending' })
    .where('next_mint_at', '<=', now)
    .orderBy('next_mint_at')
    .limit(limit)) as RedemptionRow[];
}

/**
 * Gives a code seeded unlimited (recognised by its code and description) the limit `max`, never
 * below what was already redeemed (the table's check constraint); true when it was capped.
 */
export async function capUnlimitedCode(
  db: Knex,
  code: string,
  description: string,
  max: number,
): Promise<boolean> {
  const rows = (await db('promo_codes')
    .where({ code, description })
    .whereNull('max_redemptions')
    .update({ max_redemptions: db.raw('greatest(?::int, redemptions_count)', [max]) })
    .returning('code')) as unknown[];
  return rows.length > 0;
}
