import {
  businessRule,
  conflict,
  DomainError,
  inTransaction,
  invalid,
  isOutcomeUnknown,
  notFound,
  pending,
} from '@touchline/kit';
import { PLATFORM, userAccount } from '@touchline/rules';
import type { PurchasePackRequest__Output } from '@touchline/protos/gen/touchline/cards_market/PurchasePackRequest';
import type { PurchasePackResponse } from '@touchline/protos/gen/touchline/cards_market/PurchasePackResponse';
import {
  lockPurchase,
  movePurchase,
  startPurchase,
  stuckPurchases,
  type PurchaseRow,
} from '../db/pack-purchases';
import { cardsByIds } from '../db/queries';
import { drawPack, findPack, packCardCosts, PACKS, type PackDefinition } from '../domain/packs';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { mintRandomOfRarity } from './mint';
import { stuckCutoff, sweep } from './sweep';

export const NOT_ENOUGH_FOR_PACK = 'Not enough coins to buy this pack';
/** The answer while the wallet has not confirmed the payment yet (HTTP 202): the sweeper settles it. */
export const PACK_PENDING =
  'Your pack purchase is being confirmed. Your cards will appear in your collection shortly.';

export function listPacks() {
  return {
    packs: PACKS.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      rarity: p.rarity,
      packSize: p.packSize,
      price: p.price,
      odds: p.odds,
    })),
  };
}

const debitKey = (id: string) => `pack:${id}`;
const refundKey = (id: string) => `pack-refund:${id}`;

/** Moves the purchase on from `from` only: a twin request or the sweeper may have moved it already. */
async function moveState(
  deps: CardsDeps,
  id: string,
  from: PurchaseRow['state'],
  change: Partial<PurchaseRow>,
): Promise<void> {
  await movePurchase(deps.db, id, from, change, deps.clock.now());
}

/**
 * Step 3: mint the pack's cards by its odds, all or nothing, and record them with the opening event.
 * 'refunding' when the purchase is being refunded already (by a twin request whose mint failed).
 */
async function mint(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
): Promise<number[] | 'refunding'> {
  const ids = await inTransaction(deps.db, async (trx) => {
    const row = await lockPurchase(trx, purchase.id);
    if (row.state === 'completed') return row.card_ids!.map(Number);
    if (row.state !== 'started') return 'refunding' as const;
    const order = { ownerId: purchase.user_id, reason: 'pack' as const, reference: purchase.id };
    const minted: number[] = [];
    const rarities = drawPack(pack, deps.random);
    // Each card carries its share of the price paid, so its profit or loss is against its cost.
    const costs = packCardCosts(purchase.price, rarities.length);
    for (const [index, rarity] of rarities.entries())
      minted.push(await mintRandomOfRarity(deps, trx, rarity, { ...order, purchasePrice: costs[index] }));
    const now = deps.clock.now();
    await movePurchase(trx, purchase.id, 'started', { state: 'completed', card_ids: minted }, now);
    await deps.outbox.add(trx, 'cards.pack.opened', String(purchase.user_id), {
      purchaseId: purchase.id,
      userId: purchase.user_id,
      packId: pack.id,
      packName: pack.name,
      cardIds: minted,
      rarities,
      coinsSpent: pack.price,
      source: 'purchase',
      openedAt: now.toISOString(),
    });
    return minted;
  });
  deps.players.invalidate();
  return ids;
}

/**
 * Gives the coins back after a failed mint. The purchase goes started → refunding under its row lock
 * first, so a twin's mint can no longer complete it; the transfer is idempotent by the refund key.
 * Returns the purchase's ids when a twin's mint completed it after all (nothing to refund).
 */
async function refund(
  deps: CardsDeps,
  purchase: PurchaseRow,
  reason: string,
): Promise<{ balance: number; reason: string } | { cardIds: number[] }> {
  const row = await inTransaction(deps.db, async (trx) => {
    const current = await lockPurchase(trx, purchase.id);
    if (current.state !== 'started') return current;
    const change = { state: 'refunding' as const, failure: reason };
    return (await movePurchase(trx, purchase.id, 'started', change, deps.clock.now()))!;
  });
  if (row.state === 'completed') return { cardIds: row.card_ids!.map(Number) };
  const result = await deps.wallet.Transfer({
    idempotencyKey: refundKey(purchase.id),
    fromAccount: PLATFORM.market,
    toAccount: userAccount(purchase.user_id),
    amount: purchase.price,
    fee: 0,
    reason: 'refund',
    reference: purchase.id,
  });
  await moveState(deps, purchase.id, 'refunding', { state: 'refunded' });
  return { balance: result.toBalance, reason: row.failure ?? reason };
}

async function respond(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
  cardIds: number[],
  remaining?: number,
): Promise<PurchasePackResponse> {
  return {
    success: true,
    message: `${pack.name} opened`,
    packName: pack.name,
    cards: cardMessages(await cardsByIds(deps.db, deps.players, cardIds), deps.players),
    coinsSpent: pack.price,
    remainingCoins: remaining ?? (await deps.wallet.GetBalance({ userId: purchase.user_id })).coins,
    refunded: false,
    purchaseId: purchase.id,
  };
}

/**
 * The pack saga of docs/design.md#4-cross-service-operations-sagas: record the purchase, debit the price, mint the cards by
 * the pack's odds. If minting fails the coins are refunded and the answer says so with the
 * balance (success false), which the shop shows as "Coins Refunded". Idempotent by key.
 */
export async function purchasePack(
  deps: CardsDeps,
  request: PurchasePackRequest__Output,
): Promise<PurchasePackResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const pack = findPack(request.packId);
  if (!pack) throw notFound('Pack not found');
  const purchase = await startPurchase(
    deps.db,
    { id: request.idempotencyKey, userId: request.userId, packId: pack.id, price: pack.price },
    deps.clock.now(),
  );
  if (purchase.user_id !== request.userId || purchase.pack_id !== pack.id)
    throw conflict('Idempotency key was used for another purchase');
  if (purchase.state === 'completed') return respond(deps, purchase, pack, purchase.card_ids!.map(Number));
  if (purchase.state === 'failed') throw businessRule(purchase.failure ?? NOT_ENOUGH_FOR_PACK);
  if (purchase.state === 'refunded')
    return refundedAnswer(deps, purchase, pack, purchase.failure ?? 'Minting failed');
  try {
    return await settlePurchase(deps, purchase, pack);
  } catch (error) {
    // The wallet is down or slow: the debit or the refund may or may not have happened. The sweeper
    // finishes the purchase, and the same key again answers how it ended.
    if (isOutcomeUnknown(error)) throw pending(PACK_PENDING);
    throw error;
  }
}

async function refundedAnswer(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
  reason: string,
  remaining?: number,
): Promise<PurchasePackResponse> {
  return {
    success: false,
    message: `${reason}. Your ${pack.price.toLocaleString('en-US')} coins were refunded.`,
    packName: pack.name,
    cards: [],
    coinsSpent: 0,
    remainingCoins: remaining ?? (await deps.wallet.GetBalance({ userId: purchase.user_id })).coins,
    refunded: true,
  };
}

/** The wallet refused the debit (not enough coins): a definite no, unlike a wallet that is down. */
const isRefused = (error: unknown) => error instanceof DomainError && error.code === 'business_rule';

/** Debit (idempotent by key) then mint, or refund; safe to run again, which is what the sweeper does. */
async function settlePurchase(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
): Promise<PurchasePackResponse> {
  if (purchase.state === 'refunding') return refundAndAnswer(deps, purchase, pack, purchase.failure ?? '');
  let remaining: number;
  try {
    const debit = await deps.wallet.Transfer({
      idempotencyKey: debitKey(purchase.id),
      fromAccount: userAccount(purchase.user_id),
      toAccount: PLATFORM.market,
      amount: pack.price,
      fee: 0,
      reason: 'pack',
      reference: purchase.id,
    });
    remaining = debit.fromBalance;
  } catch (error) {
    if (isRefused(error)) {
      await moveState(deps, purchase.id, 'started', { state: 'failed', failure: NOT_ENOUGH_FOR_PACK });
      throw businessRule(NOT_ENOUGH_FOR_PACK);
    }
    throw error;
  }
  let minted: number[] | 'refunding';
  try {
    minted = await mint(deps, purchase, pack);
  } catch (error) {
    deps.logger.warn({ err: error, purchaseId: purchase.id }, 'pack minting failed: refunding');
    return refundAndAnswer(
      deps,
      purchase,
      pack,
      isRefused(error) ? (error as DomainError).message : 'The cards could not be minted',
    );
  }
  if (minted === 'refunding') return refundAndAnswer(deps, purchase, pack, 'The cards could not be minted');
  return respond(deps, purchase, pack, minted, remaining);
}

async function refundAndAnswer(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
  reason: string,
): Promise<PurchasePackResponse> {
  const refunded = await refund(deps, purchase, reason);
  if ('cardIds' in refunded) return respond(deps, purchase, pack, refunded.cardIds);
  return refundedAnswer(deps, purchase, pack, refunded.reason, refunded.balance);
}

/** Finishes pack purchases left half-way (a crash between the debit and the mint). */
export async function sweepStuckPurchases(deps: CardsDeps): Promise<number> {
  const stuck = await stuckPurchases(deps.db, stuckCutoff(deps), 50);
  return sweep(deps, 'pack purchase', stuck, (purchase) =>
    settlePurchase(deps, purchase, findPack(purchase.pack_id)!),
  );
}
