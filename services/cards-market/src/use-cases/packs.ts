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
  findPurchase,
  lockPurchase,
  movePurchase,
  startPurchase,
  stuckPurchases,
  type PurchaseRow,
} from '../db/pack-purchases';
import type { MintedEdition } from '../db/minting';
import { cardsByIds, cardsWithPlayers, type CardWithPlayer } from '../db/queries';
import type { CardRow } from '../domain/card';
import { drawPack, findPack, packCardCosts, PACKS, type PackDefinition } from '../domain/packs';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { mintOfRarities } from './mint';
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

/** The cards of a completed purchase: their ids, and their rows when this request minted them. */
interface Opened {
  cardIds: number[];
  minted?: MintedEdition[];
}

/** Rolls the mint back: a twin request or a refund moved the purchase on from started meanwhile. */
class PurchaseMoved extends Error {}

/**
 * Step 3: mint the pack's cards by its odds, all or nothing, and record them with the opening event.
 * The purchase completes from started only, under its row lock, in the mint's last statements: a
 * twin request or a refund that moved it first wins, and this mint rolls back. 'refunding' when the
 * purchase is being refunded (by a twin request whose mint failed).
 */
async function mint(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
): Promise<Opened | 'refunding'> {
  const order = { ownerId: purchase.user_id, reason: 'pack' as const, reference: purchase.id };
  const rarities = drawPack(pack, deps.random);
  // Each card carries its share of the price paid, so its profit or loss is against its cost.
  const costs = packCardCosts(purchase.price, rarities.length);
  let minted: MintedEdition[];
  try {
    minted = await inTransaction(deps.db, async (trx) => {
      const { cards, events } = await mintOfRarities(
        deps,
        trx,
        rarities.map((rarity, index) => ({ rarity, order: { ...order, purchasePrice: costs[index] } })),
      );
      const cardIds = cards.map((card) => card.id);
      const now = deps.clock.now();
      const change = { state: 'completed' as const, card_ids: cardIds };
      if (!(await movePurchase(trx, purchase.id, 'started', change, now))) throw new PurchaseMoved();
      await deps.outbox.addAll(trx, [
        ...events,
        {
          topic: 'cards.pack.opened',
          key: String(purchase.user_id),
          payload: {
            purchaseId: purchase.id,
            userId: purchase.user_id,
            packId: pack.id,
            packName: pack.name,
            cardIds,
            rarities,
            coinsSpent: pack.price,
            source: 'purchase',
            openedAt: now.toISOString(),
          },
        },
      ]);
      return cards;
    });
  } catch (error) {
    if (!(error instanceof PurchaseMoved)) throw error;
    const row = await findPurchase(deps.db, purchase.id);
    return row.state === 'completed' ? { cardIds: row.card_ids!.map(Number) } : 'refunding';
  }
  deps.players.minted(minted);
  return { cardIds: minted.map((card) => card.id), minted };
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

/** The cards this request minted, as a read of them would give them (new cards: no listing, no hold). */
function mintedCards(deps: CardsDeps, minted: MintedEdition[]): Promise<CardWithPlayer[]> {
  const rows: CardRow[] = minted
    .map((card) => ({
      id: card.id,
      player_id: card.player_id,
      edition_number: card.edition_number,
      owner_id: card.owner_id,
      acquired_at: card.acquired_at,
      purchase_price: card.purchase_price,
      origin: card.origin,
      hold_key: null,
      listing_id: null,
      listing_price: null,
      listing_fee_percent: null,
    }))
    .sort((a, b) => a.id - b.id);
  return cardsWithPlayers(deps.players, rows);
}

async function respond(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
  opened: Opened,
  remaining?: number,
): Promise<PurchasePackResponse> {
  const cards = opened.minted
    ? await mintedCards(deps, opened.minted)
    : await cardsByIds(deps.db, deps.players, opened.cardIds);
  return {
    success: true,
    message: `${pack.name} opened`,
    packName: pack.name,
    cards: cardMessages(cards, deps.players),
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
  if (purchase.state === 'completed')
    return respond(deps, purchase, pack, { cardIds: purchase.card_ids!.map(Number) });
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
  let opened: Opened | 'refunding';
  try {
    opened = await mint(deps, purchase, pack);
  } catch (error) {
    deps.logger.warn({ err: error, purchaseId: purchase.id }, 'pack minting failed: refunding');
    return refundAndAnswer(
      deps,
      purchase,
      pack,
      isRefused(error) ? (error as DomainError).message : 'The cards could not be minted',
    );
  }
  if (opened === 'refunding') return refundAndAnswer(deps, purchase, pack, 'The cards could not be minted');
  return respond(deps, purchase, pack, opened, remaining);
}

async function refundAndAnswer(
  deps: CardsDeps,
  purchase: PurchaseRow,
  pack: PackDefinition,
  reason: string,
): Promise<PurchasePackResponse> {
  const refunded = await refund(deps, purchase, reason);
  if ('cardIds' in refunded) return respond(deps, purchase, pack, { cardIds: refunded.cardIds });
  return refundedAnswer(deps, purchase, pack, refunded.reason, refunded.balance);
}

/** Finishes pack purchases left half-way (a crash between the debit and the mint). */
export async function sweepStuckPurchases(deps: CardsDeps): Promise<number> {
  const stuck = await stuckPurchases(deps.db, stuckCutoff(deps), 50);
  return sweep(deps, 'pack purchase', stuck, (purchase) =>
    settlePurchase(deps, purchase, findPack(purchase.pack_id)!),
  );
}
