import { inTransaction, type Tx } from '@touchline/kit';
import { completeMint, dueMints, findRedemption, recordMintFailure, type RedemptionRow } from '../db/promo';
import { mintSpecs } from '../domain/promo';
import type { PromoDeps, WalletDeps } from './deps';

/** The key of every call a redemption makes (ledger grant, MintCards) and the reference they carry. */
export const redemptionKey = (redemptionId: number) => `promo:${redemptionId}`;

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 20;

/** wallet.promo.redeemed, once per redemption: when it commits (coins only) or when its cards are minted. */
export async function announceRedemption(
  deps: WalletDeps,
  trx: Tx,
  redemption: RedemptionRow,
): Promise<void> {
  await deps.outbox.add(trx, 'wallet.promo.redeemed', String(redemption.user_id), {
    redemptionId: redemption.id,
    userId: redemption.user_id,
    code: redemption.code,
    coins: redemption.reward.coins,
    cardIds: redemption.card_ids ?? [],
    redeemedAt: redemption.created_at.toISOString(),
  });
}

/**
 * Mints the card reward of a committed redemption through cards-market, outside any database
 * transaction (no service call holds a lock). The key is the redemption's, so repeating this after
 * a failure, a timeout or alongside the sweeper mints once. A failure leaves the redemption pending
 * with a later retry time: the reward is delayed, never lost. Returns the redemption as it stands.
 */
export async function mintReward(deps: PromoDeps, redemption: RedemptionRow): Promise<RedemptionRow> {
  const key = redemptionKey(redemption.id);
  let cardIds: number[];
  try {
    cardIds = await deps.cards.mint({
      idempotencyKey: key,
      userId: redemption.user_id,
      reason: 'promo',
      reference: key,
      specs: mintSpecs(redemption.reward),
    });
  } catch (error) {
    const delay = Math.min(
      Math.max(deps.promoMintRetryAfterMs, 1_000) * 2 ** redemption.mint_attempts,
      MAX_RETRY_DELAY_MS,
    );
    deps.logger.warn(
      { err: error, redemptionId: redemption.id, attempt: redemption.mint_attempts + 1 },
      'promo card reward not minted yet: will retry',
    );
    const message = error instanceof Error ? error.message : String(error);
    await recordMintFailure(deps.db, redemption.id, message, new Date(deps.clock.now().getTime() + delay));
    return redemption;
  }
  const done = await inTransaction(deps.db, async (trx) => {
    const row = await completeMint(trx, redemption.id, cardIds, deps.clock.now());
    if (row) await announceRedemption(deps, trx, row);
    return row;
  });
  return done ?? (await findRedemption(deps.db, { id: redemption.id }))!;
}

/** The sweeper: retries every card reward whose time has come; returns how many it completed. */
export async function sweepPromoMints(deps: PromoDeps): Promise<number> {
  let completed = 0;
  for (const redemption of await dueMints(deps.db, deps.clock.now(), SWEEP_BATCH)) {
    if ((await mintReward(deps, redemption)).mint_status === 'done') completed++;
  }
  return completed;
}
