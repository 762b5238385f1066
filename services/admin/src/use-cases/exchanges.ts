import { MARKET_USER_ID } from '@touchline/rules';
import type { Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { recordExchange } from '../db/exchanges';
import { queueForReview } from '../db/fraud-review';

/** A trade between two players, as anti-fraud compares its sides: coins paid and cards at their price. */
export async function onTradeAccepted(trx: Tx, event: EventOutput<'trading.trade.accepted'>): Promise<void> {
  const side = (userId: number) => {
    const cards = event.cards.filter((c) => c.fromUserId === userId);
    return { value: cards.reduce((total, c) => total + c.currentPrice, 0), count: cards.length };
  };
  const a = side(event.fromUserId);
  const b = side(event.toUserId);
  await recordExchange(trx, 'trade', {
    id: `trade:${event.offerId}`,
    at: new Date(event.acceptedAt),
    a: event.fromUserId,
    b: event.toUserId,
    aCoins: event.offeredCoins,
    bCoins: event.requestedCoins,
    aCardValue: a.value,
    bCardValue: b.value,
    aCards: a.count,
    bCards: b.count,
  });
  await queueForReview(trx, [event.fromUserId, event.toUserId]);
}

/** Only a sale from one player to another is an exchange; the market's own sales are not. */
export function isSaleBetweenPlayers(event: EventOutput<'market.sale.completed'>): boolean {
  return event.sellerUserId !== MARKET_USER_ID && event.sellerUserId !== event.buyerUserId;
}

/**
 * A sale of one player's listing to another: coins one way, the card the other. The listing price
 * stands for the card's value; the market keeps it within 50%-150% of the player's price.
 */
export async function onSaleCompleted(trx: Tx, event: EventOutput<'market.sale.completed'>): Promise<void> {
  if (!isSaleBetweenPlayers(event)) return;
  await recordExchange(trx, 'sale', {
    id: `sale:${event.saleId}`,
    at: new Date(event.completedAt),
    a: event.buyerUserId,
    b: event.sellerUserId,
    aCoins: event.price,
    bCoins: 0,
    aCardValue: 0,
    bCardValue: event.price,
    aCards: 0,
    bCards: 1,
  });
  await queueForReview(trx, [event.buyerUserId, event.sellerUserId]);
}
