import { TRADE_FEE_PERCENT } from '@touchline/rules';

import type { PublicCard, TradeOffer } from '@touchline/contract';
import type { ConfirmMove } from '@/components/ui/ConfirmDialog';
import { formatNumber } from '@/lib/format';

import { offeredCards } from './OfferParts';

/** 'Lionel Messi (Legendary)' for each card, or null when there is none. */
function cardNames(cards: readonly PublicCard[]): string | null {
  if (cards.length === 0) return null;
  return cards.map((card) => `${card.player.name} (${card.player.rarity})`).join(', ');
}

/** 'N coins' and, when a fee applies, what arrives after it. */
function coinsText(amount: number, afterFee: number): string {
  if (amount === afterFee) return `${formatNumber(amount)} coins`;
  return `${formatNumber(afterFee)} coins (${formatNumber(amount)} less the ${TRADE_FEE_PERCENT}% fee)`;
}

/** One side of an offer in words: its cards and its coins, or 'Nothing'. */
function sideText(cards: readonly PublicCard[], coins: number, coinsAfterFee: number): string {
  const parts = [cardNames(cards), coins > 0 ? coinsText(coins, coinsAfterFee) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' + ') : 'Nothing';
}

/** What accepting an incoming offer moves: what the recipient gets and what they give. */
export function acceptMoves(offer: TradeOffer, sender: string): ConfirmMove[] {
  return [
    { label: 'You get', value: sideText(offeredCards(offer), offer.coinOffer, offer.coinOfferAfterFee) },
    {
      label: 'You give',
      value: sideText(offer.requestedCards ?? [], offer.requestedCoins ?? 0, offer.requestedCoins ?? 0),
    },
    { label: 'With', value: sender },
  ];
}

/** What an offer holds (for declining or cancelling it: nothing moves, it only ends). */
export function offerMoves(offer: TradeOffer, offeredLabel: string, requestedLabel: string): ConfirmMove[] {
  const requested = sideText(
    offer.requestedCards ?? [],
    offer.requestedCoins ?? 0,
    offer.requestedCoins ?? 0,
  );
  return [
    { label: offeredLabel, value: sideText(offeredCards(offer), offer.coinOffer, offer.coinOffer) },
    ...(requested === 'Nothing' ? [] : [{ label: requestedLabel, value: requested }]),
  ];
}
