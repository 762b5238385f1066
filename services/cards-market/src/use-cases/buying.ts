import {
  businessRule,
  forbidden,
  conflict,
  inTransaction,
  invalid,
  isOutcomeUnknown,
  notFound,
  pending,
} from '@touchline/kit';
import { MARKET_USER_ID, PLATFORM, UNDER_REVIEW, userAccount } from '@touchline/rules';
import type { BuyCardRequest__Output } from '@touchline/protos/gen/touchline/cards_market/BuyCardRequest';
import type { BuyCardResponse } from '@touchline/protos/gen/touchline/cards_market/BuyCardResponse';
import { cardsByIds, cardsWithPlayers } from '../db/queries';
import type { CardRow } from '../domain/card';
import {
  completeSale,
  failSale,
  insertSaleReserving,
  lockCardForSale,
  lockSale,
  releaseSale,
  saleAndOpenListing,
  stuckSales,
  type NewSale,
  type SaleRow,
} from '../db/sales';
import { DIRECT_BUY_CLOSED_MESSAGE, saleFeeAtRate } from '@touchline/rules';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { isMarketOpen } from './market-status';
import { stuckCutoff, sweep } from './sweep';

export const NOT_ENOUGH = 'Not enough coins or card unavailable';
/** The answer while the wallet has not confirmed the payment yet (HTTP 202): the sweeper settles it. */
export const BUY_PENDING = 'Your purchase is being confirmed. It will appear in your collection shortly.';

const holdKey = (saleId: string) => `sale:${saleId}`;

/**
 * Step 1: reserve. Locks the card; a user listing goes active → settling for this buyer, a
 * market-owned card is marked reserved. Exactly one of many racing buyers gets past here. A request
 * with the same key that got here first (a double click, a retry) made the sale this one is: it
 * waited on the card's lock and now finds that sale, which it drives on alongside.
 */
async function reserve(
  deps: CardsDeps,
  saleId: string,
  buyerId: number,
  cardId: number,
  expectedPrice: number,
): Promise<SaleRow> {
  return inTransaction(deps.db, async (trx) => {
    const card = await lockCardForSale(trx, cardId);
    if (!card) throw notFound('Card not found');
    const { twin, listing } = await saleAndOpenListing(trx, saleId, cardId);
    if (twin) return sameSale(twin, buyerId, cardId);
    let sale: NewSale;
    if (listing) {
      if (listing.seller_id === buyerId) throw businessRule('You cannot buy your own listing');
      if (listing.status !== 'active') throw conflict('Someone else is buying this card right now');
      sale = {
        buyer_id: buyerId,
        card_id: cardId,
        listing_id: listing.id,
        seller_id: listing.seller_id,
        price: listing.price,
        // The rate fixed on the listing, never the one today's price would give (docs/design.md#3-money-one-ledger).
        fee: saleFeeAtRate(listing.price, listing.fee_percent),
      };
    } else if (card.owner_id === MARKET_USER_ID) {
      if (!isMarketOpen(deps)) throw businessRule(DIRECT_BUY_CLOSED_MESSAGE);
      if (card.reserved_by) throw conflict('Someone else is buying this card right now');
      sale = {
        buyer_id: buyerId,
        card_id: cardId,
        listing_id: null,
        seller_id: MARKET_USER_ID,
        price: card.current_price,
        fee: 0,
      };
    } else {
      throw conflict('This card is not for sale');
    }
    if (expectedPrice > 0 && expectedPrice !== sale.price)
      throw conflict(`The price changed to ${sale.price} coins`);
    return insertSaleReserving(trx, saleId, sale, deps.clock.now());
  });
}

/** Undo step 1: the listing is for sale again (or the market card unreserved); the sale failed. */
async function compensate(deps: CardsDeps, saleId: string, failure: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const sale = await lockSale(trx, saleId);
    if (!sale || sale.state !== 'started') return;
    const now = deps.clock.now();
    await releaseSale(trx, sale, now);
    await failSale(trx, saleId, failure, now);
  });
}

/**
 * Final step, after the coins moved: the card changes hands, the listing is sold, the events go out.
 * Returns the card as the buyer now has it, unless an earlier hand-over or a failure got there first.
 */
async function handOver(deps: CardsDeps, saleId: string): Promise<CardRow | undefined> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    // A bought card is one unit of demand for its player (+1), as in db/demand.ts.
    const completed = await completeSale(trx, saleId, now, 1);
    if (!completed) return undefined;
    const { sale, card } = completed;
    const proceeds = sale.price - sale.fee;
    const sellerPaid = sale.seller_id === MARKET_USER_ID ? 0 : card.purchase_price;
    await deps.outbox.addAll(trx, [
      {
        topic: 'market.sale.completed',
        key: String(sale.card_id),
        payload: {
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
        },
      },
      {
        topic: 'cards.card.transferred',
        key: String(sale.card_id),
        payload: {
          cardId: sale.card_id,
          playerId: card.player_id,
          fromUserId: sale.seller_id,
          toUserId: sale.buyer_id,
          currentPrice: card.current_price,
          reason: 'sale',
          reference: saleId,
          transferredAt: now.toISOString(),
        },
      },
    ]);
    // No player cache invalidation: a sale changes who owns a card, not a player's price or editions.
    return card.now;
  });
}

/**
 * Steps 2 and 3 for a reserved sale: pay for it under the sale's hold key (one wallet call that
 * either posts the coins or records the refusal under the key), then hand the card over. Safe to
 * run again at any point (the sweeper does after a crash): the key gives the payment one outcome
 * for good, so a retry answers it and a refused key can never take the coins later.
 * Returns the buyer's balance after paying, and the card if this call handed it over.
 */
async function settle(deps: CardsDeps, sale: SaleRow): Promise<{ balance: number; card?: CardRow }> {
  const paid = await deps.wallet.Pay({
    holdKey: holdKey(sale.id),
    fromAccount: userAccount(sale.buyer_id),
    toAccount: sale.seller_id === MARKET_USER_ID ? PLATFORM.market : userAccount(sale.seller_id),
    amount: sale.price,
    fee: sale.fee,
    reason: 'market.sale',
    reference: sale.id,
  });
  if (paid.status === 'voided') {
    // A buyer under review (docs/design.md#6-security) hears so; any other refusal is the coins.
    const failure = paid.voidReason === UNDER_REVIEW ? UNDER_REVIEW : NOT_ENOUGH;
    await compensate(deps, sale.id, failure);
    throw refusalOf(failure);
  }
  return { balance: paid.fromBalance, card: await handOver(deps, sale.id) };
}

/** A review hold is about the account (403, as the wallet says it); the rest is a business rule. */
const refusalOf = (failure: string) =>
  failure === UNDER_REVIEW ? forbidden(UNDER_REVIEW) : businessRule(failure);

function sameSale(sale: SaleRow, buyerId: number, cardId: number): SaleRow {
  if (sale.buyer_id !== buyerId || sale.card_id !== cardId)
    throw conflict('Idempotency key was used for another purchase');
  return sale;
}

/**
 * The buy saga of docs/design.md#4-cross-service-operations-sagas. The idempotency key is the sale id: the same key again, or
 * at the same time, answers the one sale's outcome. While the wallet cannot confirm the payment (down,
 * too slow) the answer is 'pending', never a failure: the sweeper settles the sale, and asking again
 * with the key tells how it ended.
 */
export async function buyCard(deps: CardsDeps, request: BuyCardRequest__Output): Promise<BuyCardResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  // A key seen before is found by reserve, under the card's lock, and answered from its sale.
  const sale = await reserve(
    deps,
    request.idempotencyKey,
    request.userId,
    request.cardId,
    request.expectedPrice,
  );
  if (sale.state === 'failed') throw refusalOf(sale.failure ?? NOT_ENOUGH);
  let settled: { balance?: number; card?: CardRow } = {};
  if (sale.state === 'started') {
    try {
      settled = await settle(deps, sale);
    } catch (error) {
      if (isOutcomeUnknown(error)) throw pending(BUY_PENDING);
      throw error;
    }
  }
  // The card as the hand-over left it, or (a replay, a race with the sweeper) as it is now.
  const [card] = settled.card
    ? cardMessages(await cardsWithPlayers(deps.players, [settled.card]), deps.players)
    : cardMessages(await cardsByIds(deps.db, deps.players, [request.cardId]), deps.players);
  const remaining = settled.balance ?? (await deps.wallet.GetBalance({ userId: request.userId })).coins;
  return { card, pricePaid: sale.price, remainingCoins: remaining };
}

/** Finishes or undoes sales left half-way by a crash or a lost answer. Returns how many it settled. */
export async function sweepStuckSales(deps: CardsDeps): Promise<number> {
  const stuck = await stuckSales(deps.db, stuckCutoff(deps), 50);
  return sweep(deps, 'sale', stuck, (sale) => settle(deps, sale));
}
