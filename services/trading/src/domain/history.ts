import { afterTradeFee } from '@touchline/rules';
import type { OfferTerms } from './offer';

/** A card as it was when the trade was accepted (the saga keeps this snapshot). */
export interface TradedCardSnapshot {
  cardId: number;
  playerId: number;
  playerName: string;
  rarity: string;
  fromUserId: number;
  toUserId: number;
  /** What its giver paid for it, for the giver's profit or loss. */
  purchasePrice: number;
  /** The player's price at the accept: the market value anti-fraud compares the trade with. */
  currentPrice?: number;
}

export interface TradeHistoryEntry {
  reference: string;
  cardId: number;
  playerId: number;
  playerName: string;
  rarity: string;
  sellerUserId: number;
  buyerUserId: number;
  salePrice: number;
  profitLoss: number;
}

/** `total` split over `n` parts as evenly as whole coins allow; the first parts take the remainder. */
function split(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/**
 * One history row per traded card. The coins flowing the other way pay for a side's cards: the
 * requested coins pay for the offered cards and the offered coins for the requested ones, shared
 * evenly. The giver's profit or loss is their share after the 2.5% fee minus what they paid; a
 * card swapped for cards alone has no coin price, so neither price nor profit is claimed for it.
 */
export function tradeHistoryEntries(
  offerId: number,
  terms: OfferTerms,
  cards: TradedCardSnapshot[],
): TradeHistoryEntry[] {
  const sides = [
    { cards: cards.filter((c) => c.fromUserId === terms.fromUserId), paid: terms.requestedCoins },
    { cards: cards.filter((c) => c.fromUserId === terms.toUserId), paid: terms.offeredCoins },
  ];
  return sides.flatMap(({ cards: given, paid }) => {
    if (given.length === 0) return [];
    const prices = split(paid, given.length);
    const proceeds = split(afterTradeFee(paid), given.length);
    return given.map((card, i) => ({
      reference: `trade:${offerId}:card:${card.cardId}`,
      cardId: card.cardId,
      playerId: card.playerId,
      playerName: card.playerName,
      rarity: card.rarity,
      sellerUserId: card.fromUserId,
      buyerUserId: card.toUserId,
      salePrice: prices[i]!,
      profitLoss: prices[i]! > 0 ? proceeds[i]! - card.purchasePrice : 0,
    }));
  });
}

/** The offer a trade's history row came from: its reference is `trade:{offerId}:card:{cardId}`. */
export function offerIdOfReference(reference: string): number | undefined {
  const match = /^trade:(\d+):card:\d+$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

export interface TradedCardView {
  cardId: number;
  playerId: number;
  playerName: string;
  rarity: string;
}

/** Both sides of an accepted trade, as the history shows them (docs/design.md#7-decisions-on-the-specs-open-points). */
export interface TradeExchangeView {
  offerId: number;
  fromUserId: number;
  toUserId: number;
  offeredCards: TradedCardView[];
  offeredCoins: number;
  requestedCards: TradedCardView[];
  requestedCoins: number;
}

/** Splits the saga's snapshot of the traded cards into the sender's and the recipient's sides. */
export function tradeExchange(
  offerId: number,
  terms: Pick<OfferTerms, 'fromUserId' | 'toUserId' | 'offeredCoins' | 'requestedCoins'>,
  cards: TradedCardSnapshot[],
): TradeExchangeView {
  const view = ({ cardId, playerId, playerName, rarity }: TradedCardSnapshot) => ({
    cardId,
    playerId,
    playerName,
    rarity,
  });
  return {
    offerId,
    fromUserId: terms.fromUserId,
    toUserId: terms.toUserId,
    offeredCards: cards.filter((c) => c.fromUserId === terms.fromUserId).map(view),
    offeredCoins: terms.offeredCoins,
    requestedCards: cards.filter((c) => c.fromUserId === terms.toUserId).map(view),
    requestedCoins: terms.requestedCoins,
  };
}
