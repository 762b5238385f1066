import type { Card } from '@touchline/contract';
import type { TradeWish } from '@touchline/contract';
import type { TradeOffer, UsernameEntry } from '@touchline/contract';

import { makeCard, players } from './card-fixtures';

/** The viewer is alice (id 7); bob (12) and carol (13) are other players; id 0 is the market. */
export const usernames: UsernameEntry[] = [
  { id: 0, username: 'market' },
  { id: 7, username: 'alice' },
  { id: 12, username: 'bob' },
  { id: 13, username: 'carol' },
];

/** A card of another user (bob). */
export function othersCard(card: Card, userId = 12): Card {
  return { ...card, userId };
}

export interface OfferSpec extends Partial<TradeOffer> {
  id: number;
}

/** An offer as GET /api/trades/incoming and /outgoing return it; by default bob offers Frei to alice. */
export function makeOffer(spec: OfferSpec): TradeOffer {
  const cards = spec.cards ?? [
    othersCard(makeCard({ id: 201, player: players.frei, acquiredAt: '2026-03-01T18:00:00.000Z' })),
  ];
  const coinOffer = spec.coinOffer ?? 0;
  const requestedCoins = spec.requestedCoins ?? 0;
  return {
    card: cards[0] ?? null,
    cards,
    requestedCards: [],
    coinOffer,
    coinOfferAfterFee: Math.floor((coinOffer * 975) / 1000),
    requestedCoins,
    requestedCoinsAfterFee: Math.floor((requestedCoins * 975) / 1000),
    status: 'pending',
    statusReason: null,
    note: null,
    wishId: null,
    createdAt: '2026-03-06T18:05:00.000Z',
    expiresAt: '2026-03-13T18:05:00.000Z',
    fromUser: { id: 12, username: 'bob' },
    toUser: { id: 7, username: 'alice' },
    ...spec,
    counterOf: spec.counterOf ?? null,
    threadId: spec.threadId ?? spec.id,
    threadStep: spec.threadStep ?? 0,
  };
}

export interface WishSpec extends Partial<TradeWish> {
  id: number;
}

/** A trade listing; by default bob lists Jordi Alba, open to any offers. */
export function makeWish(spec: WishSpec): TradeWish {
  return {
    userId: 12,
    username: 'bob',
    card: othersCard(makeCard({ id: 301, player: players.alba, acquiredAt: '2026-03-02T18:00:00.000Z' })),
    desiredRarity: null,
    desiredPosition: null,
    desiredTeamId: null,
    minimumCoins: null,
    notes: null,
    status: 'open',
    createdAt: '2026-03-06T18:05:00.000Z',
    ...spec,
  };
}
