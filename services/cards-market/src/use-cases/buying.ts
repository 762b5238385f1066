import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Knex } from 'knex';
import { businessRule, conflict, invalid, isServiceError, notFound } from '@touchline/kit';
import type { BuyCardRequest__Output } from '@touchline/protos/gen/touchline/cards_market/BuyCardRequest';
import type { BuyCardResponse } from '@touchline/protos/gen/touchline/cards_market/BuyCardResponse';
import { cardsByIds } from '../db/queries';
import { saleFee } from '../domain/selling';
import { cardMessages } from '../mappers';
import { MARKET_ACCOUNT, userAccount } from '../wallet';
import type { CardsDeps } from './deps';
import { isMarketOpen } from './market-status';
import { stuckCutoff, sweep } from './sweep';

export const NOT_ENOUGH = 'Not enough coins or card unavailable';
export const DIRECT_BUY_CLOSED =
  'Direct market purchases are only available during market hours (9:30AM-4PM EST, Mon-Fri). P2P trading is still available.';

export interface SaleRow {
  id: string;
  buyer_id: number;
  card_id: number;
  listing_id: number | null;
  seller_id: number;
  price: number;
  fee: number;
  state: 'started' | 'completed' | 'failed';
  failure: string | null;
}

const holdKey = (saleId: string) => `sale:${saleId}`;

/**
 * Step 1: reserve. Locks the card; a user listing goes active → settling for this buyer, a
 * market-owned card is marked reserved. Exactly one of many racing buyers gets past here.
 */
async function reserve(
  deps: CardsDeps,
  saleId: string,
  buyerId: number,
  cardId: number,
  expectedPrice: number,
): Promise<SaleRow> {
  return deps.db.transaction(async (trx) => {
    const card = (await trx('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .where('k.id', cardId)
      .forUpdate('k')
      .first('k.id', 'k.owner_id', 'k.reserved_by', 'k.hold_key', 'p.current_price')) as
      | {
          id: number;
          owner_id: number;
          reserved_by: string | null;
          hold_key: string | null;
          current_price: number;
        }
      | undefined;
    if (!card) throw notFound('Card not found');
    const listing = (await trx('listings')
      .where({ card_id: cardId })
      .whereIn('status', ['active', 'settling'])
      .first('id', 'seller_id', 'price', 'status')) as
      { id: number; seller_id: number; price: number; status: string } | undefined;
    let sale: Omit<SaleRow, 'id' | 'state' | 'failure'>;
    const now = deps.clock.now();
    if (listing) {
      if (listing.seller_id === buyerId) throw businessRule('You cannot buy your own listing');
      if (listing.status !== 'active') throw conflict('Someone else is buying this card right now');
      sale = {
        buyer_id: buyerId,
        card_id: cardId,
        listing_id: listing.id,
        seller_id: listing.seller_id,
        price: listing.price,
        fee: saleFee(listing.price, card.current_price),
      };
      await trx('listings')
        .where({ id: listing.id })
        .update({ status: 'settling', buyer_id: buyerId, sale_id: saleId, updated_at: now });
    } else if (card.owner_id === 0) {
      if (!isMarketOpen(deps)) throw businessRule(DIRECT_BUY_CLOSED);
      if (card.reserved_by) throw conflict('Someone else is buying this card right now');
      sale = {
        buyer_id: buyerId,
        card_id: cardId,
        listing_id: null,
        seller_id: 0,
        price: card.current_price,
        fee: 0,
      };
      await trx('cards').where({ id: cardId }).update({ reserved_by: saleId });
    } else {
      throw conflict('This card is not for sale');
    }
    if (expectedPrice > 0 && expectedPrice !== sale.price)
      throw conflict(`The price changed to ${sale.price} coins`);
    const [row] = (await trx('sales')
      .insert({ id: saleId, ...sale, state: 'started', created_at: now, updated_at: now })
      .returning('*')) as SaleRow[];
    return row!;
  });
}

/** Undo step 1: the listing is for sale again (or the market card unreserved); the sale failed. */
async function compensate(deps: CardsDeps, saleId: string, failure: string): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const sale = (await trx('sales').where({ id: saleId }).forUpdate().first()) as SaleRow | undefined;
    if (!sale || sale.state !== 'started') return;
    const now = deps.clock.now();
    if (sale.listing_id) {
      await trx('listings')
        .where({ id: sale.listing_id, status: 'settling', sale_id: saleId })
        .update({ status: 'active', buyer_id: null, sale_id: null, updated_at: now });
    } else {
      await trx('cards').where({ id: sale.card_id, reserved_by: saleId }).update({ reserved_by: null });
    }
    await trx('sales').where({ id: saleId }).update({ state: 'failed', failure, updated_at: now });
  });
}

/** Final step, after the coins moved: the card changes hands, the listing is sold, the events go out. */
async function handOver(deps: CardsDeps, saleId: string): Promise<SaleRow> {
  const done = await deps.db.transaction(async (trx: Knex.Transaction) => {
    const sale = (await trx('sales').where({ id: saleId }).forUpdate().first()) as SaleRow;
    if (sale.state !== 'started') return sale;
    const now = deps.clock.now();
    const card = (await trx('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .where('k.id', sale.card_id)
      .first('k.purchase_price', 'k.player_id', 'p.name', 'p.rarity', 'p.current_price')) as {
      purchase_price: number;
      player_id: number;
      name: string;
      rarity: string;
      current_price: number;
    };
    await trx('cards')
      .where({ id: sale.card_id })
      .update({ owner_id: sale.buyer_id, purchase_price: sale.price, acquired_at: now, reserved_by: null });
    if (sale.listing_id)
      await trx('listings').where({ id: sale.listing_id }).update({ status: 'sold', updated_at: now });
    const [completed] = (await trx('sales')
      .where({ id: saleId })
      .update({ state: 'completed', updated_at: now })
      .returning('*')) as SaleRow[];
    await trx('demand').insert({ player_id: card.player_id, delta: 1, at: now });
    const proceeds = sale.price - sale.fee;
    const sellerPaid = sale.seller_id === 0 ? 0 : card.purchase_price;
    await deps.outbox.add(trx, 'market.sale.completed', String(sale.card_id), {
      saleId,
      listingId: sale.listing_id ?? 0,
      cardId: sale.card_id,
      playerId: card.player_id,
      playerName: card.name,
      rarity: card.rarity,
      sellerUserId: sale.seller_id,
      buyerUserId: sale.buyer_id,
      price: sale.price,
      fee: sale.fee,
      sellerProceeds: proceeds,
      sellerPurchasePrice: sellerPaid,
      profitLoss: proceeds - sellerPaid,
      completedAt: now.toISOString(),
    });
    await deps.outbox.add(trx, 'cards.card.transferred', String(sale.card_id), {
      cardId: sale.card_id,
      playerId: card.player_id,
      fromUserId: sale.seller_id,
      toUserId: sale.buyer_id,
      currentPrice: card.current_price,
      reason: 'sale',
      reference: saleId,
      transferredAt: now.toISOString(),
    });
    return completed!;
  });
  // No player cache invalidation: a sale changes who owns a card, not a player's price or editions.
  return done;
}

const isInsufficient = (error: unknown) =>
  isServiceError(error) && error.code === GrpcStatus.FAILED_PRECONDITION;

/**
 * Steps 2 and 3 for a reserved sale: hold the buyer's coins under the sale's key, commit the hold,
 * then hand the card over. Safe to run again at any point (the sweeper does after a crash): the
 * hold key makes the wallet calls idempotent, and a voided hold can never be committed later.
 * Returns the buyer's balance after paying, when known.
 */
async function settle(deps: CardsDeps, sale: SaleRow): Promise<number | undefined> {
  const key = holdKey(sale.id);
  let balance: number | undefined;
  try {
    const hold = await deps.wallet.Hold({
      holdKey: key,
      fromAccount: userAccount(sale.buyer_id),
      toAccount: sale.seller_id === 0 ? MARKET_ACCOUNT : userAccount(sale.seller_id),
      amount: sale.price,
      fee: sale.fee,
      reason: 'market.sale',
      reference: sale.id,
    });
    if (hold.status === 'voided') {
      await compensate(deps, sale.id, NOT_ENOUGH);
      throw businessRule(NOT_ENOUGH);
    }
    balance = hold.fromBalance;
    if (hold.status === 'held') await deps.wallet.CommitHold({ holdKey: key });
  } catch (error) {
    if (!isInsufficient(error)) throw error;
    // Tombstone first, so no late retry of this hold can take the coins after the sale is undone.
    await deps.wallet.VoidHold({ holdKey: key, reason: 'not enough coins' });
    await compensate(deps, sale.id, NOT_ENOUGH);
    throw businessRule(NOT_ENOUGH);
  }
  await handOver(deps, sale.id);
  return balance;
}

/** The buy saga of design.md section 4. The idempotency key is the sale id. */
export async function buyCard(deps: CardsDeps, request: BuyCardRequest__Output): Promise<BuyCardResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  let sale = (await deps.db('sales').where({ id: request.idempotencyKey }).first()) as SaleRow | undefined;
  if (sale && (sale.buyer_id !== request.userId || sale.card_id !== request.cardId)) {
    throw conflict('Idempotency key was used for another purchase');
  }
  if (sale?.state === 'failed') throw businessRule(sale.failure ?? NOT_ENOUGH);
  sale ??= await reserve(deps, request.idempotencyKey, request.userId, request.cardId, request.expectedPrice);
  let remaining: number | undefined;
  if (sale.state === 'started') remaining = await settle(deps, sale);
  const [card] = cardMessages(await cardsByIds(deps.db, deps.players, [request.cardId]), deps.players);
  remaining ??= (await deps.wallet.GetBalance({ userId: request.userId })).coins;
  return { card, pricePaid: sale.price, remainingCoins: remaining };
}

/** Finishes or undoes sales left half-way by a crash or a lost answer. Returns how many it settled. */
export async function sweepStuckSales(deps: CardsDeps): Promise<number> {
  const stuck = (await deps
    .db('sales')
    .where({ state: 'started' })
    .where('updated_at', '<', stuckCutoff(deps))
    .orderBy('created_at')
    .limit(50)) as SaleRow[];
  return sweep(deps, 'sale', stuck, (sale) => settle(deps, sale));
}
