import { status as GrpcStatus } from '@grpc/grpc-js';
import { businessRule, conflict, invalid, isServiceError, notFound } from '@touchline/kit';
import type { PurchasePackRequest__Output } from '@touchline/protos/gen/touchline/cards_market/PurchasePackRequest';
import type { PurchasePackResponse } from '@touchline/protos/gen/touchline/cards_market/PurchasePackResponse';
import { cardsByIds } from '../db/queries';
import { drawPack, findPack, PACKS, type PackDefinition } from '../domain/packs';
import { cardMessages } from '../mappers';
import { MARKET_ACCOUNT, userAccount } from '../wallet';
import type { CardsDeps } from './deps';
import { mintRandomOfRarity } from './mint';
import { stuckCutoff, sweep } from './sweep';

interface PurchaseRow {
  id: string;
  user_id: number;
  pack_id: number;
  price: number;
  state: 'started' | 'completed' | 'refunded' | 'failed';
  card_ids: number[] | null;
  failure: string | null;
}

export const NOT_ENOUGH_FOR_PACK = 'Not enough coins to buy this pack';

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

async function setState(deps: CardsDeps, id: string, change: Partial<PurchaseRow>): Promise<void> {
  await deps
    .db('pack_purchases')
    .where({ id })
    .update({ ...change, updated_at: deps.clock.now() });
}

/** Step 3: mint the pack's cards by its odds, all or nothing, and record them with the opening event. */
async function mint(deps: CardsDeps, purchase: PurchaseRow, pack: PackDefinition): Promise<number[]> {
  const ids = await deps.db.transaction(async (trx) => {
    const row = (await trx('pack_purchases').where({ id: purchase.id }).forUpdate().first()) as PurchaseRow;
    if (row.state === 'completed') return row.card_ids!.map(Number);
    const order = { ownerId: purchase.user_id, reason: 'pack' as const, reference: purchase.id };
    const minted: number[] = [];
    const rarities = drawPack(pack, deps.random);
    for (const rarity of rarities) minted.push(await mintRandomOfRarity(deps, trx, rarity, order));
    const now = deps.clock.now();
    await trx('pack_purchases')
      .where({ id: purchase.id })
      .update({ state: 'completed', card_ids: minted, updated_at: now });
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

/** Gives the coins back after a failed mint; idempotent by the refund key. */
async function refund(deps: CardsDeps, purchase: PurchaseRow, reason: string): Promise<number> {
  const result = await deps.wallet.Transfer({
    idempotencyKey: refundKey(purchase.id),
    fromAccount: MARKET_ACCOUNT,
    toAccount: userAccount(purchase.user_id),
    amount: purchase.price,
    fee: 0,
    reason: 'refund',
    reference: purchase.id,
  });
  await setState(deps, purchase.id, { state: 'refunded', failure: reason });
  return result.toBalance;
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
  };
}

/**
 * The pack saga of design.md section 4: record the purchase, debit the price, mint the cards by
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
  const now = deps.clock.now();
  await deps
    .db('pack_purchases')
    .insert({
      id: request.idempotencyKey,
      user_id: request.userId,
      pack_id: pack.id,
      price: pack.price,
      state: 'started',
      created_at: now,
      updated_at: now,
    })
    .onConflict('id')
    .ignore();
  const purchase = (await deps
    .db('pack_purchases')
    .where({ id: request.idempotencyKey })
    .first()) as PurchaseRow;
  if (purchase.user_id !== request.userId || purchase.pack_id !== pack.id)
    throw conflict('Idempotency key was used for another purchase');
  if (purchase.state === 'completed') return respond(deps, purchase, pack, purchase.card_ids!.map(Number));
  if (purchase.state === 'failed') throw businessRule(purchase.failure ?? NOT_ENOUGH_FOR_PACK);
  if (purchase.state === 'refunded')
    return refundedAnswer(deps, purchase, pack, purchase.failure ?? 'Minting failed');
  return settlePurchase(deps, purchase, pack);
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

/** Debit (idempotent by key) then mint, or refund; safe to run again, which is what the sweeper does. */
async function settlePurchase(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
): Promise<PurchasePackResponse> {
  let remaining: number;
  try {
    const debit = await deps.wallet.Transfer({
      idempotencyKey: debitKey(purchase.id),
      fromAccount: userAccount(purchase.user_id),
      toAccount: MARKET_ACCOUNT,
      amount: pack.price,
      fee: 0,
      reason: 'pack',
      reference: purchase.id,
    });
    remaining = debit.fromBalance;
  } catch (error) {
    if (isServiceError(error) && error.code === GrpcStatus.FAILED_PRECONDITION) {
      await setState(deps, purchase.id, { state: 'failed', failure: NOT_ENOUGH_FOR_PACK });
      throw businessRule(NOT_ENOUGH_FOR_PACK);
    }
    throw error;
  }
  try {
    return await respond(deps, purchase, pack, await mint(deps, purchase, pack), remaining);
  } catch (error) {
    deps.logger.warn({ err: error, purchaseId: purchase.id }, 'pack minting failed: refunding');
    const reason =
      error instanceof Error && 'code' in error && (error as { code: string }).code === 'business_rule'
        ? error.message
        : 'The cards could not be minted';
    return refundedAnswer(deps, purchase, pack, reason, await refund(deps, purchase, reason));
  }
}

/** Finishes pack purchases left half-way (a crash between the debit and the mint). */
export async function sweepStuckPurchases(deps: CardsDeps): Promise<number> {
  const stuck = (await deps
    .db('pack_purchases')
    .where({ state: 'started' })
    .where('updated_at', '<', stuckCutoff(deps))
    .limit(50)) as PurchaseRow[];
  return sweep(deps, 'pack purchase', stuck, (purchase) =>
    settlePurchase(deps, purchase, findPack(purchase.pack_id)!),
  );
}
