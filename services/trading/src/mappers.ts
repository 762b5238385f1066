import type { TradeHistoryRecord } from '@touchline/protos/gen/touchline/trading/TradeHistoryRecord';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import type { TradeWish } from '@touchline/protos/gen/touchline/trading/TradeWish';
import { afterTradeFee } from '@touchline/rules';
import type { Offer } from './db/offers';
import type { HistoryRow } from './db/trade-history';
import type { WishRow } from './db/wishes';
import { visibleStatus } from './domain/offer';

/** Rows → proto messages, in one place. */

/** The proto message; `now` decides whether a pending offer has lapsed. */
export function offerMessage(offer: Offer, now: Date): TradeOffer {
  return {
    id: offer.id,
    fromUserId: offer.from_user_id,
    toUserId: offer.to_user_id,
    offeredCardIds: offer.offeredCardIds,
    offeredCoins: offer.offered_coins,
    offeredCoinsAfterFee: afterTradeFee(offer.offered_coins),
    requestedCardIds: offer.requestedCardIds,
    requestedCoins: offer.requested_coins,
    requestedCoinsAfterFee: afterTradeFee(offer.requested_coins),
    status: visibleStatus(offer.status, offer.expires_at, now),
    statusReason: offer.status_reason,
    note: offer.note,
    wishId: offer.wish_id ?? 0,
    createdAt: offer.created_at.toISOString(),
    updatedAt: offer.updated_at.toISOString(),
    expiresAt: offer.expires_at.toISOString(),
    counterOfOfferId: offer.counter_of ?? 0,
    threadId: offer.thread_id ?? offer.id,
    threadStep: offer.thread_step,
  };
}

export function wishMessage(row: WishRow): TradeWish {
  return {
    id: row.id,
    userId: row.user_id,
    cardId: row.card_id,
    desiredRarity: row.desired_rarity,
    desiredPosition: row.desired_position,
    desiredTeamId: row.desired_team_id,
    minimumCoins: row.minimum_coins,
    notes: row.notes,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    playerId: row.player_id,
    playerName: row.player_name,
    rarity: row.rarity,
    position: row.position,
    teamId: row.team_id,
  };
}

export function historyRecord(r: HistoryRow): TradeHistoryRecord {
  return {
    id: r.id,
    createdAt: r.created_at.toISOString(),
    playerName: r.player_name,
    playerId: r.player_id,
    rarity: r.rarity,
    tradeType: r.trade_type,
    sellerUserId: r.seller_user_id,
    buyerUserId: r.buyer_user_id,
    salePrice: r.sale_price,
    profitLoss: r.profit_loss,
    cardId: r.card_id,
    reference: r.reference,
  };
}
