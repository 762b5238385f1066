import { invalid, inTransaction, type Tx } from '@touchline/kit';
import type { RedeemPromoRequest__Output } from '@touchline/protos/gen/touchline/wallet/RedeemPromoRequest';
import type { RedeemPromoResponse__Output as RedeemPromoResponse } from '@touchline/protos/gen/touchline/wallet/RedeemPromoResponse';
import {
  countRedemption,
  findRedemption,
  insertRedemption,
  lockPromoCode,
  rewardOf,
  type RedemptionRow,
} from '../db/promo';
import { lockAccounts } from '../db/accounts';
import { checkedUserAccount } from '../domain/accounts';
import {
  MAX_CODE_LENGTH,
  needsCards,
  normalizeCode,
  PROMO_CARDS_PENDING,
  PROMO_NOT_FOUND,
  PROMO_REDEEMED,
  PROMO_REQUIRED,
  refusal,
  splitCards,
} from '../domain/promo';
import { getBalance } from './balances';
import type { PromoDeps } from './deps';
import { grantIn } from './grant';
import { announceRedemption, mintReward, redemptionKey } from './promo-mint';

type Outcome = { refused: string } | { redemption: RedemptionRow };

/**
 * The redemption itself, in one transaction: the code row is locked, so ten racing requests of one
 * user are checked one after the other and only the first finds nothing redeemed yet. The coins are
 * granted in the same transaction; the cards wait for the commit.
 */
async function redeemIn(
  deps: PromoDeps,
  trx: Tx,
  code: string,
  userId: number,
  idempotencyKey: string,
): Promise<Outcome> {
  // The account a coin reward posts to, before the code row: the wallet's one lock order (the mint
  // is never locked, decision 0020).
  await lockAccounts(trx, [checkedUserAccount(userId)]);
  const row = await lockPromoCode(trx, code);
  if (!row) return { refused: PROMO_NOT_FOUND };
  const earlier = await findRedemption(trx, { code, user_id: userId });
  // A retry of the request that redeemed answers that redemption, not "already redeemed".
  if (earlier && idempotencyKey !== '' && earlier.idempotency_key === idempotencyKey)
    return { redemption: earlier };
  const now = deps.clock.now();
  const why = refusal(
    {
      expiresAt: row.expires_at,
      maxRedemptions: row.max_redemptions,
      redemptionsCount: row.redemptions_count,
    },
    earlier !== undefined,
    now,
  );
  if (why) return { refused: why };

  const reward = rewardOf(row);
  const redemption = await insertRedemption(trx, {
    code,
    user_id: userId,
    idempotency_key: idempotencyKey,
    reward,
    mint_status: needsCards(reward) ? 'pending' : 'none',
    // The request mints right after the commit; the sweeper steps in only if that has not worked by then.
    next_mint_at: new Date(now.getTime() + deps.promoMintRetryAfterMs),
    created_at: now,
  });
  await countRedemption(trx, code);
  if (reward.coins > 0)
    await grantIn(deps, trx, {
      idempotencyKey: redemptionKey(redemption.id),
      userId,
      amount: reward.coins,
      reason: 'promo',
      reference: redemptionKey(redemption.id),
    });
  if (redemption.mint_status === 'none') await announceRedemption(deps, trx, redemption);
  return { redemption };
}

async function answer(deps: PromoDeps, redemption: RedemptionRow): Promise<RedeemPromoResponse> {
  const { reward } = redemption;
  const { coins } = await getBalance(deps, redemption.user_id);
  return {
    success: true,
    message: redemption.mint_status === 'pending' ? PROMO_CARDS_PENDING : PROMO_REDEEMED,
    reward: {
      coins: reward.coins,
      packs: reward.packs.map((p) => ({ packId: p.packId, name: p.name, quantity: p.quantity })),
      ...splitCards(reward, redemption.card_ids ?? []),
    },
    redemptionId: redemption.id,
    coins,
  };
}

/**
 * RedeemPromo (docs/design.md#4-cross-service-operations-sagas). A code problem is an answer (success false and the reason),
 * not an error, so the web shows the reason; only an empty code is invalid.
 */
export async function redeemPromo(
  deps: PromoDeps,
  request: RedeemPromoRequest__Output,
): Promise<RedeemPromoResponse> {
  checkedUserAccount(request.userId);
  const code = normalizeCode(request.code);
  if (code === '') throw invalid(PROMO_REQUIRED);
  const outcome: Outcome =
    code.length > MAX_CODE_LENGTH
      ? { refused: PROMO_NOT_FOUND }
      : await inTransaction(deps.db, (trx) =>
          redeemIn(deps, trx, code, request.userId, request.idempotencyKey.slice(0, 200)),
        );
  if ('refused' in outcome) {
    const { coins } = await getBalance(deps, request.userId);
    return { success: false, message: outcome.refused, reward: null, redemptionId: 0, coins };
  }
  const redemption =
    outcome.redemption.mint_status === 'pending'
      ? await mintReward(deps, outcome.redemption)
      : outcome.redemption;
  return answer(deps, redemption);
}
